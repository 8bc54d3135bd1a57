"""Imported once by the server's fork server, so that every worker forked from it starts with the rules-text
reader built (the Lark parser, the lexicon, the built-in cards) instead of building it again.

Nothing imported here may start a thread, since a fork copies only the thread that forks: the solver's
library (OR-Tools starts one when imported) is imported by each worker after the fork. A failure here only
costs time: the worker builds what is missing itself.
"""

from __future__ import annotations

import contextlib

with contextlib.suppress(Exception):  # the fork server must start whatever happens: a worker builds it again
    from legality.cards import library
    from legality.text import describe, read
    from legality.text.parse import parser

    parser()
    library(None)
    del describe, read  # imported for the workers: the code that reads and describes a card's text
