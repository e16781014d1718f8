"""A Monte Carlo search bot in Python: the twenty-line search of docs/library.md,
played in a refereed match by dtref.bot.

    python3 -m pip install ./python      # once, from the checkout
    dtref match --bot "stdio:python3 examples/python-search/bot.py 50" --bot builtin:greedy

The argument is the number of playouts a decision (default 50); without the
package installed, name the build's copy: PYTHONPATH=build/python.
"""
import sys

import dtref
import dtref.bot


def choose(game, seat, playouts=200):
    """The option that wins most random playouts in worlds drawn for `seat`."""
    options = game.options()
    wins = [0] * len(options)
    for i in range(playouts):
        world = game.determinize(seat, seed=i)  # what `seat` cannot see, drawn afresh
        k = i % len(options)
        world.apply(k)
        wins[k] += world.rollout(seed=i) == seat
    return max(range(len(options)), key=lambda k: wins[k])


if __name__ == "__main__":
    playouts = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    dtref.bot.run(lambda game, seat: choose(game, seat, playouts), name="python-search")
