"""Aw Ducks! in the reference implementation: the fast engine and the bots."""
