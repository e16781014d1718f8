#!/usr/bin/env python3
"""Write the facts each card's two texts state, for the card data lint.

A development tool, run by hand after the reference database or these rules
change; the build and the tests never read the reference database. For every
card it reads the gEngine text (`clarification_text`) and the printed text
(`text`; where the database has only one of them, both are that one, as in
docs/effects.md "Two texts") and writes one line per text to
tests/fixtures/reference/facts.tsv: the numbers, the ratings with their
amounts, the Apostles, the affiliations and the designations the text
states. No sentence of a text is written, only those facts.

tests/test_card_lint.cpp compares them with each implemented card's data.

Usage: tools/reference_facts.py [--src DIR] [--out FILE] [--card NAME ...]
  (--card prints one card's facts instead of writing the file)
"""

import argparse
import glob
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def default_src():
    """The reference database beside the checkout: ../shared from /work/main,
    ../../shared from a worktree under /work/wt."""
    d = os.path.dirname(HERE)
    for _ in range(4):
        d = os.path.dirname(d)
        cand = os.path.join(d, "shared", "reference", "doomtrooperdb", "cards")
        if os.path.isdir(cand):
            return cand
    return os.path.join(os.path.dirname(os.path.dirname(HERE)), "shared", "reference", "doomtrooperdb", "cards")


DEFAULT_SRC = default_src()
DEFAULT_OUT = os.path.normpath(
    os.path.join(HERE, "..", "tests", "fixtures", "reference", "facts.tsv"))

APOSTLES = ["ALGEROTH", "DEMNOGONIS", "ILIAN", "MUAWIJHE", "SEMAI"]

# Affiliation words as the texts write them -> the card files' enum names.
AFFILIATIONS = [
    (r"BAUHAUS", "BAUHAUS"),
    (r"CAPITOL", "CAPITOL"),
    (r"CYBERTRONIC", "CYBERTRONIC"),
    (r"IMPERIAL", "IMPERIAL"),
    (r"MISHIMA", "MISHIMA"),
    (r"BROTHERHOOD|BROTHERS?", "BROTHERHOOD"),  # "a Brother of V 3": a Brotherhood warrior
    (r"DARK LEGION", "LEGION"),
    (r"CRESCENTIA", "CRESCENTIA"),
    (r"LUTHERAN", "LUTHERAN"),
    (r"RASPUTIN", "RASPUTIN"),
    (r"TEMPLARS?", "TEMPLARS"),
]

STATS = {"F": "F", "S": "S", "A": "A", "V": "V"}

# The designations a text may name: the rulebooks' designations, the weapon
# kinds, and every keyword sentence that opens some card's text (as
# tools/import_cards.py reads them).
RULE_DESIGNATIONS = [
    "PERSONALITY", "SLAYER", "FIRST STRIKE", "ASSASSIN", "NONCOMBATANT", "MORTIFICATOR",
    "FREELANCER", "HERETIC", "BLESSED", "PROFANE", "ART IMMUNITY", "MINOR SYMMETRY IMMUNITY",
    "COMPLETE SYMMETRY IMMUNITY", "SERGEANT", "NEPHARITE", "NOTED COLLECTOR", "GRAND TACTICIAN",
    "VEHICLE", "AIRSHIP", "TANK", "SUBMARINE", "BEAST", "HANDGUN", "ARMOR",
    "FOLLOWER OF ALGEROTH", "FOLLOWER OF DEMNOGONIS", "FOLLOWER OF ILIAN", "FOLLOWER OF MUAWIJHE",
    "FOLLOWER OF SEMAI",
]
WEAPONS = {
    "FIGHT/SHOOT WEAPON": "FIGHT_SHOOT_WEAPON",
    "FIGHT/SHOOT": "FIGHT_SHOOT_WEAPON",
    "FIGHT WEAPON": "FIGHT_WEAPON",
    "SHOOT WEAPON": "SHOOT_WEAPON",
    "SPECIAL WEAPON": "SPECIAL_WEAPON",
    "SHOOT WARRIOR": "SHOOT_WEAPON",  # a misprint on one card (SHRIEKETH) for a shoot weapon
}


def weapon_sentence(text):
    """The weapon kind a sentence of its own states anywhere in the text, after
    a sentence in lower case too ("... Doomtrooper. FIGHT WEAPON.")."""
    for sentence in import_cards.split_sentences(text):
        for k in import_cards.keyword_sentence(sentence) or []:
            if k in WEAPONS:
                return WEAPONS[k]
    return None

sys.path.insert(0, HERE)
import import_cards  # noqa: E402  (keyword sentences are read the same way)


def texts(card):
    """(gEngine text, printed text); one of them stands for both when missing."""
    g = card.get("clarification_text") or card.get("text") or ""
    p = card.get("text") or card.get("clarification_text") or ""
    return g, p


def without_names(text, names):
    """The text with card names blanked, longest first, so a name's
    digits ("CAP 7000P", "AC-40") are not read as numbers. `names` are the
    names with a digit."""
    for n in names:
        if n.upper() in text.upper():
            text = re.sub(r"(?<![\w])" + re.escape(n) + r"(?![\w])", lambda m: " " * len(m.group(0)), text,
                          flags=re.I)
    return text


# A number, or one with its unit glued on ("5D", "2P"); not a digit inside a
# name ("AC-40", "B52", "7000P" is a name the caller blanks first).
NUMBER = re.compile(r"(?<![\w\-./])([+-]?)(\d+)(?=[DP]\b|(?![\w/]))")
RATING_LIST = r"([FSAV](?:(?:\s*,\s*|\s+and\s+|\s+or\s+|\s*/\s*|\s*,\s*and\s+)[FSAV])*)\b"
# "+2 to F, S and A", "-4 is also applied to opponent's S", "+3 F", "suffer a -2
# penalty to their A", "loses -2 to A", "ratings increase by +2" (all four).
AMOUNT_THEN_STATS = re.compile(
    r"([+-]?\d+)\s*(?:points?\s+)?(?:penalty\s+|bonus\s+)?(?:is\s+(?:also\s+)?applied\s+)?"
    r"(?i:to|in|on|from|of)?\s*(?i:the\s+|their\s+|its\s+|his\s+|her\s+|your\s+|each\s+|"
    r"(?:the\s+)?(?:affected\s+)?(?:warrior|opponent|caster|target|attacker|defender)(?:'s|s')\s+)*"
    + RATING_LIST)
# "F and S are +2", "A is -2", "F, S and A increase by +2", "F is another +2".
STATS_THEN_AMOUNT = re.compile(
    RATING_LIST + r"\s+(?:are|is|increases?|decreases?|goes?\s+up|goes?\s+down|"
    r"(?:is|are)\s+(?:increased|decreased|raised|lowered|reduced))\s+(?:by\s+)?(?:another\s+|an\s+additional\s+)?"
    r"([+-]?\d+)")


# "increases the warrior's F by +2", "Increase warrior's F by +2".
VERB_STATS_AMOUNT = re.compile(
    r"(?i:increases?|decreases?|raises?|lowers?|reduces?)\s+(?i:the\s+|its\s+|their\s+)?(?i:warrior'?s\s+)?"
    + RATING_LIST + r"\s+(?i:by)\s+([+-]?\d+)")


# "+ to S and A": a gEngine text that lost the amount (docs/effects.md "Two texts"): written "S?".
LOST_AMOUNT = re.compile(r"(?<![\d\w])[+-]\s*(?:to\s+)?(?:the\s+|their\s+|its\s+|his\s+|her\s+)?" + RATING_LIST)
# "F, S, A and V are + until": the same, the ratings first.
LOST_AMOUNT_AFTER = re.compile(RATING_LIST + r"\s+(?:are|is)\s+[+-](?![\s]*\d)")


def ratings(text):
    out = set()
    for pat in (LOST_AMOUNT, LOST_AMOUNT_AFTER):
        for m in pat.finditer(text):
            for st in re.findall(r"[FSAV]", m.group(1)):
                out.add(f"{st}?")
    for m in AMOUNT_THEN_STATS.finditer(text):
        n = abs(int(m.group(1)))
        for st in re.findall(r"[FSAV]", m.group(2)):
            out.add(f"{st}{n}")
    for m in VERB_STATS_AMOUNT.finditer(text):
        n = abs(int(m.group(2)))
        for st in re.findall(r"[FSAV]", m.group(1)):
            out.add(f"{st}{n}")
    for m in STATS_THEN_AMOUNT.finditer(text):
        n = abs(int(m.group(2)))
        for st in re.findall(r"[FSAV]", m.group(1)):
            out.add(f"{st}{n}")
    return out


def numbers(text):
    return {int(m.group(2)) for m in NUMBER.finditer(text)}


def affiliations(text):
    u = text.upper()
    return {name for pat, name in AFFILIATIONS if re.search(r"\b" + pat + r"\b", u)}


def apostles(text):
    u = text.upper()
    out = {a for a in APOSTLES if re.search(r"\b" + a + r"\b", u)}
    if re.search(r"\b(ALL|EVERY|ANY) (FIVE )?APOSTLES?\b", u) and "GIFTS OF APOSTLES" not in u:
        pass  # "any Apostle" names none of them
    if re.search(r"\b(ALL|EACH OF THE) FIVE (DARK )?APOSTLES\b", u):
        out |= set(APOSTLES)
    return out


def keyword_block(text, name):
    """Designations and weapon kind from the text's opening keyword sentences."""
    designations, weapon = [], None
    for sentence in import_cards.split_sentences(text):
        kws = import_cards.keyword_sentence(sentence)
        if kws is None:
            break
        for k in kws:
            if k in WEAPONS:
                weapon = weapon or WEAPONS[k]
            elif k != name and k not in designations:
                designations.append(k)
    return designations, weapon


def singulars(phrase):
    """The phrase, then with its last or its first word singular ("SLAYERS",
    "FOLLOWERS OF ALGEROTH")."""
    words = phrase.split()
    out = [phrase]
    for i in (len(words) - 1, 0):
        if re.search(r"[A-Z]S$", words[i]):
            out.append(" ".join(words[:i] + [words[i][:-1]] + words[i + 1:]))
    return out


def named_designations(text, vocabulary):
    """Vocabulary designations written in capitals anywhere in the text, the
    longest first ("HEAVY MACHINE GUN", not also "MACHINE GUN")."""
    out = set()
    for m in re.finditer(r"[A-Z][A-Z'\-/]*(?:\s+[A-Z][A-Z'\-/]*)*", text):
        words = m.group(0).split()
        i = 0
        while i < len(words):
            for j in range(len(words), i, -1):
                cand = " ".join(words[i:j])
                hit = next((c for c in singulars(cand) if c in vocabulary), None)
                if hit:
                    out.add(hit)
                    i = j
                    break
            else:
                i += 1
    return out


# Words naming a kind of card, a spell's aspect or a gift's Apostle rather than
# a designation a warrior has; the other facts (or none) cover them.
NOT_DESIGNATIONS = re.compile(
    r"^(ART OF .*|.*GIFTS?( OF .*)?|.*APOSTLES?|DARK SYMMETRY.*|DOOMTROOPERS?|(PERSONAL )?COMBAT SPELLS?|"
    r"FORTIFICATIONS?|.* CITY|CONSIDERED .*|IMMUNE TO .*|.* WARZONE|INFANTRY WARRIOR|MEMBER OF .*|"
    r"SHOOT WARRIOR|WARRIOR|PLAYER)$")

# A designation a card gives or a warrior has, named in a sentence: "gains
# FIRST STRIKE", "is a SLAYER", "becomes a HERETIC", "considered a VEHICLE".
GRANTING = re.compile(r"\b(?:gains?|is|are|becomes?|has|have|considered|counts? as)\s+(?:an?\s+|the\s+)?$", re.I)


def granted_designations(text, vocabulary):
    out = set()
    for m in re.finditer(r"[A-Z][A-Z'\-/]*(?:\s+[A-Z][A-Z'\-/]*)*", text):
        if not GRANTING.search(text[max(0, m.start() - 40):m.start()]):
            continue
        out |= named_designations(m.group(0), vocabulary)
    return out


def card_facts(card, vocabulary, names):
    name = card["name"].upper()
    rows = []
    for label, text in zip("gp", texts(card)):
        block, weapon = keyword_block(text, name)
        weapon = weapon or weapon_sentence(text)
        plain = without_names(text, names)
        has = {d for d in set(block) | granted_designations(text, vocabulary)
               if not NOT_DESIGNATIONS.match(d) and d != name and d not in WEAPONS}
        # Named in any case ("a Nepharite of any Apostle"): a printed text writes designations so too.
        named = {d for d in named_designations(text.upper(), vocabulary) | set(block)
                 if not NOT_DESIGNATIONS.match(d) and d != name and d not in WEAPONS}
        rows.append({
            "text": label,
            "numbers": sorted(numbers(plain)),
            "ratings": sorted(ratings(plain)),
            "apostles": sorted(apostles(re.sub(re.escape(name), " ", text, flags=re.I))),
            # (a name of one word, an Alliance's BAUHAUS, is the affiliation it speaks of)
            "affiliations": sorted(affiliations(re.sub(re.escape(name), " ", text, flags=re.I) if " " in name
                                                else text)),
            "has": sorted(has),
            "named": sorted(named),
            "weapon": weapon or "",
        })
    return rows


def load(src):
    cards = []
    for path in sorted(glob.glob(os.path.join(src, "*.json"))):
        with open(path, encoding="utf-8") as fh:
            cards += json.load(fh)
    return sorted(cards, key=lambda c: c["code"])


def build_vocabulary(cards):
    vocab = set(RULE_DESIGNATIONS)
    for c in cards:
        for t in texts(c):
            d, _ = keyword_block(t, c["name"].upper())
            vocab |= set(d)
    return vocab


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", default=DEFAULT_SRC)
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--card", action="append", help="print this card's facts (by name or code)")
    args = ap.parse_args()
    cards = load(args.src)
    if not cards:
        raise SystemExit(f"no card files in {args.src} (give --src)")
    vocab = build_vocabulary(cards)
    # Other cards' names, longest first, but not the bare words every text uses.
    names = sorted({c["name"] for c in cards if re.search(r"\d", c["name"])}, key=len, reverse=True)
    lines = []
    for c in cards:
        if args.card and c["code"] not in args.card and c["name"] not in args.card:
            continue
        for r in card_facts(c, vocab, names):
            lines.append("\t".join([
                c["code"], r["text"],
                "|".join(str(n) for n in r["numbers"]),
                "|".join(r["ratings"]),
                "|".join(r["apostles"]),
                "|".join(r["affiliations"]),
                "|".join(r["has"]),
                "|".join(r["named"]),
                r["weapon"],
            ]))
    if args.card:
        print("\n".join(lines))
        return
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    header = ("# Facts each card's texts state, for tests/test_card_lint.cpp; written by\n"
              "# tools/reference_facts.py from the reference card database. One line per text:\n"
              "# code, text (g gEngine, p printed), numbers, ratings, Apostles, affiliations,\n"
              "# designations it gives or has, every designation it names, weapon kind;\n"
              "# lists are |-separated. No card text is kept here.\n")
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write(header + "\n".join(lines) + "\n")
    print(f"{len(cards)} cards, {len(lines)} lines -> {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
