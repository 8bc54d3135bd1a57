"""Cards of several faces are found by each name at a table (CR 709, 710, 712, 715), tokens by theirs (111), and
the library's stored file gives back what was stored, refusing a damaged one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from msgspec.structs import replace

from carddata import mtgjson_cards, scryfall_cards
from legality.cards import BoardDefaults, Library, from_mtgjson, from_scryfall, key
from legality.cards.card import CardLibraryError
from legality.cards.formats import read_file
from legality.cards.stored import Source, StoredCards, encode

CARDS = from_scryfall(scryfall_cards())


def test_a_transforming_card_by_its_name_and_each_face() -> None:
    """712.8a, d-e: the card's name is its front face; the back face's name is the back face."""
    whole, front, back = (CARDS[key(n)] for n in ("Delver of Secrets // Insectile Aberration", "delver of secrets",
                                                   "Insectile Aberration"))
    assert whole == front and (front.power, front.toughness, front.oracle[:16]) == (1, 1, "At the beginning")
    assert (back.name, back.power, back.toughness, back.oracle, back.types, back.subtypes) == (
        "Insectile Aberration", 3, 2, "Flying", ("creature",), ("Human", "Insect"))
    assert back.colors == ("U",) and back.card == "Delver of Secrets // Insectile Aberration"
    assert "a face of the card Delver of Secrets // Insectile Aberration" in back.notes()


def test_a_modal_double_faced_card_each_face_its_own() -> None:
    """712.8f: a modal double-faced permanent has the characteristics of the face that's up."""
    valki, tibalt = CARDS["valki, god of lies"], CARDS["tibalt, cosmic impostor"]
    assert (valki.types, valki.power, valki.colors) == (("creature",), 2, ("B",))
    assert (tibalt.types, tibalt.loyalty, tibalt.power, tibalt.colors) == (("planeswalker",), 5, None, ("B", "R"))
    assert tibalt.supertypes == ("legendary",) and CARDS[key("Valki, God of Lies // Tibalt, Cosmic Impostor")] == valki


def test_a_split_card_combined_and_each_half() -> None:
    """709.4: outside the stack a split card has both halves' characteristics; each half is found by its name."""
    whole = CARDS["fire // ice"]
    assert whole.types == ("instant",) and whole.colors == ("U", "R") and whole.power is None
    assert "divided as you choose" in whole.oracle and "Tap target permanent." in whole.oracle
    fire, ice = CARDS["fire"], CARDS["ice"]
    assert fire.colors == ("R",) and ice.colors == ("U",)  # 202.2: from each half's own mana cost
    assert fire.oracle.startswith("Fire deals") and ice.oracle == "Tap target permanent.\nDraw a card."


def test_an_adventurer_card_and_its_adventure() -> None:
    """715.4: the card has its normal characteristics; the Adventure's name finds the alternative ones."""
    giant, stomp = CARDS["bonecrusher giant"], CARDS["stomp"]
    assert (giant.types, giant.power, giant.toughness, giant.colors) == (("creature",), 4, 3, ("R",))
    assert CARDS[key("Bonecrusher Giant // Stomp")] == giant
    assert (stomp.types, stomp.subtypes, stomp.power, stomp.colors) == (("instant",), ("Adventure",), None, ("R",))


def test_a_flip_card_flipped_keeps_its_colour() -> None:
    """710.2: the flipped name has the alternative characteristics; 710.1c: the colour doesn't change."""
    tok = CARDS[key("Tok-Tok, Volcano Born")]
    assert (tok.power, tok.toughness, tok.supertypes, tok.colors) == (2, 2, ("legendary",), ("R",))
    assert tok.oracle.startswith("Protection from red")
    assert CARDS["akki lavarunner"].oracle.startswith("Haste")


def test_meld_cards_and_the_melded_permanent() -> None:
    """712.4: Scryfall gives the front faces and the melded back face as cards of their own."""
    assert CARDS[key("Brisela, Voice of Nightmares")].power == 9 and CARDS["bruna, the fading light"].power == 5


def test_tokens_from_the_card_data() -> None:
    marit = CARDS["marit lage"]
    assert marit.token and (marit.power, marit.toughness, marit.colors) == (20, 20, ("B",))
    assert marit.supertypes == ("legendary",) and marit.types == ("creature",) and marit.oracle.startswith("Flying")
    assert CARDS["marit lage token"] == marit  # 111.4: "Marit Lage Token"
    phyrexian = CARDS["phyrexian token"]
    assert phyrexian.token and phyrexian.types == ("artifact", "creature") and phyrexian.power == 0
    assert CARDS["incubator"].oracle == "{2}: Transform this artifact."


def test_tokens_of_one_name_give_only_what_they_agree_on() -> None:
    """Two Soldier tokens differ in colour and text: the library gives neither rather than guess one."""
    soldier = CARDS["soldier"]
    assert soldier.token and soldier.types == ("creature",) and soldier.subtypes == ("Soldier",)
    assert (soldier.power, soldier.toughness) == (1, 1) and set(soldier.unknown) == {"colors", "oracle"}
    assert "colors" not in soldier.defaults() and "oracle" not in soldier.defaults()
    assert soldier.defaults()["power"] == 1
    assert any("differ in colors, oracle" in n for n in soldier.notes())


def test_a_card_wins_its_name_over_a_token() -> None:
    """111.11: a token named like a card uses the card's characteristics."""
    assert not CARDS["tarmogoyf"].token and CARDS["tarmogoyf"].toughness is None


def test_objects_that_are_no_permanent_are_left_out() -> None:
    assert not any(c.card == "Delver of Secrets // Delver of Secrets" for c in CARDS.values())
    assert key("Delver of Secrets // Delver of Secrets") not in CARDS and key("Emblem — Tibalt") not in CARDS


def test_names_without_accents_and_with_curly_apostrophes() -> None:
    guard = CARDS["lim-dûl's high guard"]
    assert CARDS[key("Lim-Dul’s High Guard")] is guard


def test_mtgjson_faces_by_side() -> None:
    cards = from_mtgjson(mtgjson_cards())
    whole = cards[key("Delver of Secrets // Insectile Aberration")]
    assert whole.name == "Delver of Secrets"  # side a, whatever the order of the list
    assert cards["insectile aberration"].power == 3 and cards["insectile aberration"].oracle == "Flying"
    assert cards["fire // ice"].colors == ("U", "R") and cards["ice"].colors == ("U",)


def test_suggestions_name_the_card_as_spelled() -> None:
    defaults = BoardDefaults(Library(CARDS, "given", "x.json"))
    assert defaults.suggest("Insectile Abberation") == ["Insectile Aberration"]
    whole = "Delver of Secrets // Insectile Aberration"
    assert defaults.suggest(whole.replace("Aberration", "Abberation")) == [whole]
    assert defaults("Insectile Aberration") == CARDS["insectile aberration"].defaults()


def _stored(cards: dict[str, object] | None = None) -> bytes:
    source = Source("Scryfall", "http://127.0.0.1/x.json", "2026-11-20", "2026-11-24T00:00:00+00:00", 10, 4, 0)
    return encode(CARDS, source)


def test_the_stored_file_gives_back_every_card() -> None:
    stored = StoredCards(_stored(), "test")
    assert len(stored) == len(CARDS) and set(stored) == set(CARDS)
    assert all(stored[k] == CARDS[k] for k in CARDS)
    assert stored.source.updated == "2026-11-20" and stored.source.tokens == 4


def test_a_damaged_stored_file_is_refused(tmp_path: Path) -> None:
    data = _stored()
    with pytest.raises(CardLibraryError, match="damaged"):
        StoredCards(data[:-50], "test")
    with pytest.raises(CardLibraryError, match="not a legality card library"):
        StoredCards(b'{"format": "other"}\n', "test")
    header, _, rows = data.partition(b"\n")
    bad = json.loads(header)
    bad["names"]["grizzly bears"] = 10**6
    with pytest.raises(CardLibraryError, match=r"\$\.names must map each name to a row"):
        StoredCards(json.dumps(bad).encode() + b"\n" + rows, "test")
    row = bytearray(rows)
    start = json.loads(header)["offsets"][json.loads(header)["names"]["grizzly bears"]]
    row[start:start + 1] = b"{"  # the row's list is now broken JSON
    broken = StoredCards(header + b"\n" + bytes(row), "test")
    with pytest.raises(CardLibraryError, match="row"):
        broken["grizzly bears"]
    with pytest.raises(CardLibraryError, match="not JSON lines"):
        list(broken.values())
    bad_power = replace(CARDS["grizzly bears"], power=2.5)
    wrong = StoredCards(encode({"grizzly bears": bad_power}, Source("x", "y", None, "z", 1, 0, 1)), "test")
    with pytest.raises(CardLibraryError, match=r"row 1 \$\.power: must be an integer or a string, not a number"):
        wrong["grizzly bears"]


def test_read_file_takes_compressed_files(tmp_path: Path) -> None:
    import gzip
    import lzma

    for name, opener in (("cards.json.gz", gzip.open), ("cards.json.xz", lzma.open)):
        f = tmp_path / name
        with opener(f, "wb") as out:
            out.write(json.dumps(scryfall_cards()).encode())
        data = read_file(f)
        assert data.kind == "Scryfall" and data.cards[key("Stomp")].types == ("instant",)
        assert data.count == 10 and data.tokens == 5
