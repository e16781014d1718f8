#!/usr/bin/env python3
"""Which missing effect templates block the base-set cards not implemented yet.

Reads the card facts (cards/unl.txtpb, for the implemented flag) and the
reference card texts (a DoomtrooperDB card JSON, given as an argument; only
used to classify, nothing is copied), puts each unimplemented card under the
first template below whose cue its text matches, and prints a Markdown table.

  /usr/bin/python3 tools/effect_blockers.py ../shared/reference/doomtrooperdb/cards/unl.json
"""
import json
import re
import sys
from collections import OrderedDict

# (template, regex cues on the upper-cased printed + clarified text), first match wins.
TEMPLATES = [
    ("mission assignment and completion", r"^ASSIGN TO|MISSION"),
    ("reaction windows (after a kill, a play, points earned)", r"IMMEDIATELY AFTER|PLAY AFTER|PLAY WHEN|JUST-PLAYED|JUST PLAYED"),
    ("turn structure (extra turns/actions, skipped turns, start/end of turn)", r"EXTRA (ACTION|ATTACK)|ANOTHER TURN|MISSES HIS|BEGINNING OF YOUR TURN|END OF YOUR TURN|ONE LESS ACTION|ATTACK TWICE|NON-ATTACK ACTIONS|DRAW STEP"),
    ("lasting effects until a later turn", r"UNTIL THE BEGINNING|UNTIL THE BEGINING|UNTIL BEGINNING|FOR THE REST OF THE GAME|FOR THE REMAINDER|NEXT TURN|EACH TURN"),
    ("change attacker / defender / forced attacks", r"CHANGE THE (DEFENDER|ATTACKER)|CHANGE THE ATTACKER|MUST ATTACK|MAY ONLY ATTACK|ATTACKER FOR THIS|TO ATTACK A|BOAST|CANNOT ATTACK|MAY NOT BE ATTACKED|MAY NOT ATTACK"),
    ("hidden information and card choice from piles or hands", r"LOOK AT|SEARCH|DISCARD PILE|EXAMINE|QUESTION|IN HIS OR HER HAND|OPPONENT'S HAND|FROM YOUR HAND|DRAW 1 EXTRA|ATTACK PLANS"),
    ("kill and wound triggers, cards from the collection", r"KILLS|KILLED|FROM YOUR COLLECTION|RAISE THE DEAD|EARNS? AN ADDITIONAL|HEAL"),
    ("several warriors in one combat (reinforcements, teams, joining)", r"REINFORCE|ASSIST|JOIN|ADD THEIR|ADDED TOGETHER|TWO OPPONENTS|TWO TARGETS"),
    ("damage points against A (area attacks)", r"POINT OF DAMAGE|POINT DAMAGE|POINTS? OF DAMAGE|TAKES 1"),
    ("choices among D spent, costs paid by other cards", r"FOR EVERY|SPEND|SPENT|PAY"),
    ("attachment rules (grafting, transfer, never discarded)", r"ATTACH|GRAFT|TRANSFER|NEVER BE DISCARDED|MAY NEVER|EQUIPPED WITH|VEHICLE|ENTER AND EXIT"),
    ("markers and counters", r"MARKER"),
    ("membership loss and affiliation changes", r"MEMBERSHIP|HERETIC|NOT A DOOMTROOPER|LOSE CARTEL"),
]
OTHER = "unique text (a registered handler)"


def implemented_codes(path):
    text = open(path, encoding="utf-8").read()
    out = set()
    for block in re.findall(r"card \{\n(.*?)\n\}", text, re.S):
        if "implemented: true" in block:
            out.add(re.search(r'code: "(\d+)"', block).group(1))
    return out


def main():
    cards = json.load(open(sys.argv[1], encoding="utf-8"))
    done = implemented_codes(sys.argv[2] if len(sys.argv) > 2 else "cards/unl.txtpb")
    groups = OrderedDict((name, []) for name, _ in TEMPLATES)
    groups[OTHER] = []
    for c in cards:
        if c["code"] in done:
            continue
        text = " ".join(x for x in (c.get("text"), c.get("clarification_text")) if x).upper()
        if c["type_code"] == "mission":
            groups[TEMPLATES[0][0]].append(c)
            continue
        for name, cue in TEMPLATES:
            if re.search(cue, text):
                groups[name].append(c)
                break
        else:
            groups[OTHER].append(c)
    left = sum(len(v) for v in groups.values())
    print(f"Base set: {len(cards) - left} of {len(cards)} implemented; {left} left.\n")
    print("| missing template | cards blocked | by type | examples |")
    print("|---|---:|---|---|")
    for name, cs in groups.items():
        if not cs:
            continue
        types = {}
        for c in cs:
            types[c["type_code"]] = types.get(c["type_code"], 0) + 1
        by_type = ", ".join(f"{t} {n}" for t, n in sorted(types.items(), key=lambda x: -x[1]))
        examples = ", ".join(c["name"] for c in cs[:4])
        print(f"| {name} | {len(cs)} | {by_type} | {examples} |")


if __name__ == "__main__":
    main()
