#!/usr/bin/env python3
"""Import card facts from the DoomtrooperDB JSON dump into cards/*.txtpb.

A development tool, run by hand; the build never runs it and the product never
reads the reference data. It writes one dtref.cards.CardSet (protobuf text
format) per expansion. Only facts go into the files: codes, names, numbers,
keyword designations and our own encoding of plain effects. Printed rules text
and clarification text are read to extract keywords but are never copied.

Usage: tools/import_cards.py [--src DIR] [--out DIR] [--report]
"""

import argparse
import glob
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SRC = os.path.normpath(
    os.path.join(HERE, "..", "..", "shared", "reference", "doomtrooperdb", "cards"))
DEFAULT_OUT = os.path.normpath(os.path.join(HERE, "..", "cards"))

SET_ORDER = ["unl", "inq", "wz", "mort", "gol", "apo", "pl", "promo"]

TYPES = {
    "warrior": "WARRIOR", "equipment": "EQUIPMENT", "special": "SPECIAL",
    "fortification": "FORTIFICATION", "art": "ART", "symmetry": "SYMMETRY",
    "mission": "MISSION", "relic": "RELIC", "warzone": "WARZONE", "ki": "KI",
    "beast": "BEAST", "alliance": "ALLIANCE",
}

AFFILIATIONS = {
    "general": "GENERAL", "bauhaus": "BAUHAUS", "capitol": "CAPITOL",
    "cybertronic": "CYBERTRONIC", "imperial": "IMPERIAL", "mishima": "MISHIMA",
    "brotherhood": "BROTHERHOOD", "legion": "LEGION", "crescentia": "CRESCENTIA",
    "lutheran": "LUTHERAN", "rasputin": "RASPUTIN", "templars": "TEMPLARS",
}

POST_PLAY = {"+": "ATTACH", "-": "DISCARD", "x": "ANNIHILATE"}

WEAPONS = {
    "FIGHT WEAPON": "FIGHT_WEAPON",
    "SHOOT WEAPON": "SHOOT_WEAPON",
    "FIGHT/SHOOT WEAPON": "FIGHT_SHOOT_WEAPON",
    "FIGHT/SHOOT": "FIGHT_SHOOT_WEAPON",
    "SPECIAL WEAPON": "SPECIAL_WEAPON",
    # Misprint on one card ("SHOOT WARRIOR" for a shoot weapon).
    "SHOOT WARRIOR": "SHOOT_WEAPON",
}

APOSTLES = ["ALGEROTH", "DEMNOGONIS", "ILIAN", "MUAWIJHE", "SEMAI"]

# Spelling fixes and synonyms for keyword sentences.
NORMALISE = {
    "ART IMMUNTY": "ART IMMUNITY",
    "IMMUNE TO THE ART": "ART IMMUNITY",
    "IMMUNE TO ALL DARK SYMMETRY CARDS": "COMPLETE SYMMETRY IMMUNITY",
    "FLAME-THROWER": "FLAMETHROWER",
    "ASSUALT RIFLE": "ASSAULT RIFLE",
    "VECHICLE": "VEHICLE",
}

# Sentences in capitals that are instructions or restrictions, not keywords.
INSTRUCTION = re.compile(
    r"^(PLAY|GIVE|ATTACH|BUILD|CAST|ASSIGN|ADD|PLACE|BESTOW|MAY|MUST|THIS|"
    r"THE |A WARRIOR|ONLY|NO |CAN|YOU|IF|WHILE|WHEN|ANY|ALL|EACH|PUT|SPEND)")

MAX_KEYWORD_WORDS = 5


def split_sentences(text):
    parts = re.split(r"(?<=[.!])\s+", text.strip())
    return [p.strip().rstrip(".!").strip() for p in parts if p.strip()]


def first_strike_variant(qualifier):
    q = qualifier.lower()
    if "fight" in q:
        return "FIRST STRIKE (FIGHT)"
    if "shoot" in q:
        return "FIRST STRIKE (SHOOT)"
    return None


def keyword_sentence(sentence):
    """Designations named by one sentence: a list (possibly empty), or None
    when the sentence is prose and ends the leading keyword block."""
    s = re.sub(r"\s+", " ", sentence).strip()
    qualifier = None
    m = re.match(r"^(.*?)\s*\((.*)\)$", s)
    if m:
        s, qualifier = m.group(1).strip(), m.group(2).strip()
    if re.search(r"[a-z]", s):
        # "FIGHT/SHOOT WEAPON and HANDGUN": two keywords joined in lower case.
        parts = s.split(" and ")
        if len(parts) > 1 and all(not re.search(r"[a-z]", p) for p in parts):
            out = []
            for p in parts:
                r = keyword_sentence(p)
                if r is None:
                    return None
                out += r
            return out
        return None
    s = NORMALISE.get(s, s)
    if s == "FIRST STRIKE" and qualifier:
        v = first_strike_variant(qualifier)
        return [v] if v else None
    if qualifier:
        q = qualifier.lower()
        # "(and ...)", "(but ...)": the keyword holds, with extras we do not
        # model. Conditions ("when ...", "provided ...") make it no keyword.
        if not (q.startswith("and ") or q.startswith("but ") or q.startswith("even ")):
            return []
    if INSTRUCTION.match(s):
        return []
    m = re.match(r"^CONSIDERED (?:A|AN) (.+)$", s)
    if m:
        s = m.group(1)
    if s in WEAPONS:
        return [s]
    m = re.match(r"^(FOLLOWER AND NEPHARITE|NEPHARITE AND FOLLOWER) OF (\w+)$", s)
    if m:
        return ["FOLLOWER OF " + m.group(2), "NEPHARITE"]
    if s == "FOLLOWER OF ALL FIVE APOSTLES":
        return ["FOLLOWER OF " + a for a in APOSTLES]
    if " AND " in s and len(s.split()) <= MAX_KEYWORD_WORDS:
        parts = [p.strip() for p in s.split(" AND ")]
        parts = [re.sub(r"^(A|AN) ", "", p) for p in parts]
        return [NORMALISE.get(p, p) for p in parts]
    if len(s.split()) > MAX_KEYWORD_WORDS or re.search(r"\d", s):
        return []
    if not re.match(r"^[A-Z][A-Z '/\-ÉÈ&]*$", s):
        return []
    return [s]


# Corrections to the source, by code: designations to drop.
# MACHINATOR: the dump gives it CHEMIMAN's clarification word for word; the
# printed card has no kill effect, so it is no SLAYER.
DROP_DESIGNATIONS = {
    "01196": {"SLAYER"},
}


def extract(card):
    """(designations, weapon) from the card's keyword sentences."""
    src = card.get("clarification_text") or card.get("text") or ""
    designations, weapon = [], None
    name = card["name"].upper()
    for sentence in split_sentences(src):
        kws = keyword_sentence(sentence)
        if kws is None:
            break
        for k in kws:
            if k in WEAPONS:
                weapon = weapon or WEAPONS[k]
                continue
            if k == name or k in designations:
                continue
            if k in DROP_DESIGNATIONS.get(card["code"], ()):
                continue
            designations.append(k)
    return designations, weapon


def number(v):
    if v is None:
        return None
    v = str(v).strip()
    return int(v) if re.fullmatch(r"[+-]?\d+", v) else None


# --- Implemented cards ------------------------------------------------------
# Plain effects in our vocabulary. Numbers follow the printed card (the "text"
# field); `check` lists the bonus strings the printed text must contain so a
# changed source is caught. Warriors need no entry beyond `implemented`: their
# whole effect is their ratings and keyword designations.

def city(affil):
    return {"fortification": {"build_in": ["SQUAD"], "whole_force": True,
                              "affects": [affil], "bonus": {"a": 2}},
            "check": ["+2"]}


def citadel(apostle):
    return {"fortification": {"build_in": ["KOHORT"], "whole_force": False,
                              "affects_designation": "FOLLOWER OF " + apostle,
                              "bonus": {"a": 2}},
            "check": ["+2"]}


IMPLEMENTED = {
    # Warriors: ratings plus core designations only.
    "01273": {},  # SEA LION
    "01039": {},  # CHEMIMAN
    "01196": {},  # MACHINATOR
    "01051": {},  # COMBAT WARHEAD
    "01268": {},  # SAMURAI
    "01201": {},  # MARTIAN BANSHEE
    "01021": {},  # BLESSED LEGIONNAIRE
    "01315": {},  # TEMPLAR (its Dark Symmetry allowance needs symmetry cards)
    "01040": {},  # CHILD OF ILIAN (ditto: gifts only)
    # Warriors from later sets whose clarified effect is keywords only.
    "02124": {},  # SHADOW WALKER
    "04070": {},  # METROPOLITAN PROPHET
    "05011": {},  # CALLISTONIAN SUNDANCER (clarified to a plain SLAYER)
    "06027": {},  # FREEDOM BRIGADEER
    "07018": {},  # CORSAIR
    "07035": {},  # GENDARME
    "07049": {},  # HORDE TROOPER
    "07097": {},  # SCHWERWAFFE SOLDAT
    "07109": {},  # TEMPLAR MARINE
    # Equipment: flat bonus, weapon kind, GIVE TO.
    "01001": {"bonus": {"f": 3, "s": 3}, "check": ["+3"]},  # AC-40 "JUSTIFIER"
    "01185": {"bonus": {"s": 3}, "give_to": {"dark_legion": True}, "check": ["+3"]},  # KRATACH
    "01186": {"bonus": {"s": 3}, "check": ["+3"]},  # L&A PLASMA CARBINE
    "01286": {"bonus": {"s": 2}, "check": ["+2"]},  # SMG MK. III "INTERCEPTOR"
    "01033": {"bonus": {"f": 1}, "give_to": {"affiliation": ["CAPITOL"]}, "check": ["+1"]},
    "01334": {"bonus": {"f": 2}, "give_to": {"affiliation": ["BAUHAUS"]}, "check": ["+2"]},
    "01050": {"bonus": {"a": 1}, "check": ["+1"]},  # COMBAT ARMOR
    "01053": {"bonus": {"a": 4}, "check": ["+4"]},  # COMPOSITE ARMOR
    # Fortifications: cities and citadels.
    "01152": city("BAUHAUS"),      # HEIMBURG
    "01269": city("CAPITOL"),      # SAN DORADO
    "01137": city("IMPERIAL"),     # FUKIDO
    "01193": city("MISHIMA"),      # LONGSHORE
    "01317": city("BROTHERHOOD"),  # THE CATHEDRAL
    "01318": city("CYBERTRONIC"),  # THE HQ
    "01042": citadel("ALGEROTH"),
    "01043": citadel("DEMNOGONIS"),
    "01044": citadel("ILIAN"),
    "01045": citadel("MUAWIJHE"),
    "01046": citadel("SEMAI"),
    # Combat specials: bonus to the target for this combat.
    "01105": {"bonus": {"a": 2}, "combat_modifier": True, "check": ["+2"]},  # EVASIVE ACTION
    "01195": {"bonus": {"s": 2}, "combat_modifier": True, "check": ["+2"]},  # LUCKY SHOT
}


# --- Text format writer ------------------------------------------------------

def q(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def stat_lines(bonus, indent):
    out = []
    for k in ("f", "s", "a", "v"):
        if bonus.get(k):
            out.append(f"{indent}{k}: {bonus[k]}")
    return out


def card_block(card, set_code):
    designations, weapon = extract(card)
    impl = IMPLEMENTED.get(card["code"])
    lines = ["card {"]
    lines.append(f"  code: {q(card['code'])}")
    lines.append(f"  name: {q(card['name'])}")
    lines.append(f"  set: {q(set_code)}")
    lines.append(f"  type: {TYPES[card['type_code']]}")
    for a in card.get("faction_code") or []:
        lines.append(f"  affiliation: {AFFILIATIONS[a]}")
    for field, key in (("fight", "fight"), ("shoot", "shoot"), ("armor", "armor"), ("value", "value")):
        n = number(card.get(key))
        if n is not None:
            lines.append(f"  {field}: {n}")
    lines.append(f"  deck_limit: {int(card['deck_limit'])}")
    pp = POST_PLAY.get(card.get("post_play"))
    if pp:
        lines.append(f"  post_play: {pp}")
    for d in designations:
        lines.append(f"  designation: {q(d)}")
    if impl is not None:
        lines.append("  implemented: true")
    if weapon:
        lines.append(f"  weapon: {weapon}")
    if impl:
        text = card.get("text") or ""
        for c in impl.get("check", []):
            if c not in text:
                raise SystemExit(f"{card['code']} {card['name']}: printed text lacks {c!r}")
        if impl.get("bonus"):
            lines.append("  bonus {")
            lines += stat_lines(impl["bonus"], "    ")
            lines.append("  }")
        g = impl.get("give_to")
        if g:
            lines.append("  give_to {")
            for a in g.get("affiliation", []):
                lines.append(f"    affiliation: {a}")
            if g.get("doomtrooper"):
                lines.append("    doomtrooper: true")
            if g.get("dark_legion"):
                lines.append("    dark_legion: true")
            lines.append("  }")
        f = impl.get("fortification")
        if f:
            lines.append("  fortification {")
            for a in f.get("build_in", []):
                lines.append(f"    build_in: {a}")
            if f.get("whole_force"):
                lines.append("    whole_force: true")
            for a in f.get("affects", []):
                lines.append(f"    affects: {a}")
            if f.get("affects_designation"):
                lines.append(f"    affects_designation: {q(f['affects_designation'])}")
            lines.append("    bonus {")
            lines += stat_lines(f["bonus"], "      ")
            lines.append("    }")
            lines.append("  }")
        if impl.get("combat_modifier"):
            lines.append("  combat_modifier: true")
    lines.append("}")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", default=DEFAULT_SRC)
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--report", action="store_true",
                    help="print each card's designations instead of writing files")
    args = ap.parse_args()

    by_set = {}
    for path in sorted(glob.glob(os.path.join(args.src, "*.json"))):
        with open(path, encoding="utf-8") as fh:
            for card in json.load(fh):
                by_set.setdefault(card["expansion_code"], []).append(card)
    unknown = set(by_set) - set(SET_ORDER)
    if unknown:
        raise SystemExit(f"unknown sets: {sorted(unknown)}")

    seen = set()
    for cards in by_set.values():
        for c in cards:
            seen.add(c["code"])
    missing = set(IMPLEMENTED) - seen
    if missing:
        raise SystemExit(f"implemented codes not in the source: {sorted(missing)}")

    total = 0
    for set_code in SET_ORDER:
        cards = sorted(by_set.get(set_code, []), key=lambda c: c["code"])
        if not cards:
            continue
        total += len(cards)
        if args.report:
            for c in cards:
                d, w = extract(c)
                print(c["code"], c["name"], "|", ", ".join(d), "|", w or "")
            continue
        body = "\n".join(card_block(c, set_code) for c in cards)
        header = ("# Generated by tools/import_cards.py from the DoomtrooperDB card list.\n"
                  "# Facts and keyword designations only; effects in our own vocabulary.\n"
                  "# proto-file: protocol/dtref/cards.proto\n"
                  "# proto-message: dtref.cards.CardSet\n\n")
        out = os.path.join(args.out, f"{set_code}.txtpb")
        with open(out, "w", encoding="utf-8") as fh:
            fh.write(header + f"set: {q(set_code)}\n\n" + body + "\n")
    print(f"{total} cards, {len(IMPLEMENTED)} implemented", file=sys.stderr)


if __name__ == "__main__":
    main()
