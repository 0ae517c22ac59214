"""ducksoup: the reference implementation of David Parlett's Duck Soup, and its command line."""

__version__ = "0.2.0"
