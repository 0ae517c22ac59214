"""Planted faults for tests/test_contracts.py: copies of specification functions, each with one wrong character."""
