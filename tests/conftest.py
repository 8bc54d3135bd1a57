"""Every test reads rules text afresh: the on-disk store of readings (legality.text.cache) is off unless a test
turns it on (tests/test_cache.py), so a test that changes the reader never sees another version's readings."""

import os

os.environ["LEGALITY_CACHE"] = "off"
