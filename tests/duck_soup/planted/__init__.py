"""Planted faults for tests/duck_soup/test_contracts.py: copies of specification functions, each with one wrong
character."""
