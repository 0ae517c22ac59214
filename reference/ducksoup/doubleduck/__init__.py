"""Doubleduck in the reference implementation: the fast engine (:mod:`.engine`) and the bots (:mod:`.bots`)."""
