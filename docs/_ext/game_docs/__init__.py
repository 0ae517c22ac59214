"""Each game's part of the documentation, one module per game named after its package (``duck_soup``)."""
