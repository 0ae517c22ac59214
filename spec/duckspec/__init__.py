"""duckspec: the executable specification of David Parlett's Duck Soup family of card games.

Written to be read beside the rules: one sub-package per game (``duck_soup`` first), one
module per rules section, small pure functions over immutable values. It imports nothing
outside the standard library, and it is the oracle every other part of the project is
checked against.
"""

__version__ = "0.2.0"
