"""The forms of the grammar (``grammar.lark``), one module per kind: mixins of ``parse.ToTree``, each turning
the parse trees of its rules into the typed tree (``tree.py``) and the ability models (``models/abilities.py``)."""
