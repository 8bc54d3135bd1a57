"""Every test reads rules text afresh: the on-disk store of readings (legality.text.cache) is off unless a test
turns it on (tests/test_cache.py), so a test that changes the reader never sees another version's readings.

Every test sees the built-in card library: the data folder (where `legality cards update` stores the full
library) is an empty temporary folder unless a test points LEGALITY_DATA_DIR elsewhere, and LEGALITY_CARDS is
unset, so a library downloaded on the machine never changes a verdict."""

import os
import tempfile

os.environ["LEGALITY_CACHE"] = "off"
os.environ["LEGALITY_DATA_DIR"] = tempfile.mkdtemp(prefix="legality-test-data-")
os.environ.pop("LEGALITY_CARDS", None)
