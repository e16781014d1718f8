"""Doomtrooper as a multi-agent reinforcement-learning environment.

The agent-environment cycle (AEC) conventions of PettingZoo, which
multi-agent RL libraries read: one agent acts at a time.

    from dtref.env import DoomtrooperEnv
    env = DoomtrooperEnv()
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

- agents: "player_0", "player_1", ... (seat 0, 1, ...); `agent_selection` is
  the one deciding now (a seat may decide several times in a row: timing
  windows, combat rounds).
- actions: Discrete(MAX_ACTIONS); action k is the k-th legal option, in the
  engine's order (`infos[agent]["options"]` has their texts, e.g. "attack
  c12 c31 fight"); `obs["action_mask"]` marks the legal ones (1) for the
  deciding agent, and is all 0 for the others. Never more than MAX_ACTIONS
  options were seen (docs/library.md); a position with more offers the first
  MAX_ACTIONS.
- observations: {"observation": float32[feature_size(seats)],
  "action_mask": int8[MAX_ACTIONS]}; the vector's layout is in
  docs/library.md ("Reinforcement learning"): only what the agent's seat may
  see.
- rewards: at the end, +1 to the winner, -1 to every other seat (0 to all
  for a draw); 0 before. terminations: every agent at the end of the game;
  truncations: every agent after `max_decisions`. A finished agent is
  stepped with None, which removes it.

Gymnasium's spaces are used when it is installed; otherwise small
stand-ins with the same members (n, shape, dtype, sample, contains).
"""
import os

try:
    import numpy as np
except ImportError as e:  # pragma: no cover
    raise ImportError("dtref.env needs numpy (Debian: python3-numpy; pip: numpy)") from e

from ._engine import Game, feature_size

__all__ = ["DoomtrooperEnv", "env", "MAX_ACTIONS"]

MAX_ACTIONS = 256

try:  # the spaces the RL libraries know, when they are there
    from gymnasium import spaces as _spaces
except ImportError:
    _spaces = None


class _Discrete:
    def __init__(self, n, seed=None):
        self.n, self.shape, self.dtype = n, (), np.dtype(np.int64)
        self._rng = np.random.default_rng(seed)

    def seed(self, seed=None):
        self._rng = np.random.default_rng(seed)

    def sample(self, mask=None):
        if mask is None:
            return int(self._rng.integers(self.n))
        legal = np.flatnonzero(mask)
        return int(self._rng.choice(legal)) if len(legal) else 0

    def contains(self, x):
        return isinstance(x, (int, np.integer)) and 0 <= int(x) < self.n

    __contains__ = contains


class _Box:
    def __init__(self, low, high, shape, dtype):
        self.low, self.high, self.shape, self.dtype = low, high, tuple(shape), np.dtype(dtype)

    def sample(self, mask=None):
        return np.random.default_rng().uniform(0, 1, self.shape).astype(self.dtype)

    def contains(self, x):
        x = np.asarray(x)
        return x.shape == self.shape and x.dtype == self.dtype and bool(np.all(x >= self.low) and np.all(x <= self.high))

    __contains__ = contains


class _Dict(dict):
    @property
    def spaces(self):
        return self

    def sample(self, mask=None):
        return {k: v.sample() for k, v in self.items()}

    def contains(self, x):
        return isinstance(x, dict) and x.keys() == self.keys() and all(self[k].contains(x[k]) for k in self)

    __contains__ = contains


def _discrete(n):
    return _spaces.Discrete(n) if _spaces else _Discrete(n)


def _observation_space(size):
    if _spaces:
        return _spaces.Dict({"observation": _spaces.Box(-1e6, 1e6, (size,), np.float32),
                             "action_mask": _spaces.Box(0, 1, (MAX_ACTIONS,), np.int8)})
    return _Dict(observation=_Box(-1e6, 1e6, (size,), np.float32), action_mask=_Box(0, 1, (MAX_ACTIONS,), np.int8))


class DoomtrooperEnv:
    """One game of Doomtrooper per episode, for 2 or more agents (one per deck)."""

    metadata = {"name": "doomtrooper_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, decks=("corporate", "legion"), rules="gengine", promotion_target=0, max_decisions=20000,
                 render_mode=None, allow_unimplemented=False):
        self.decks = list(decks)
        self.rules, self.promotion_target = rules, promotion_target
        self.max_decisions, self.render_mode = max_decisions, render_mode
        self.allow_unimplemented = allow_unimplemented
        self.possible_agents = ["player_%d" % i for i in range(len(self.decks))]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        size = feature_size(len(self.decks))
        self._observation_spaces = {a: _observation_space(size) for a in self.possible_agents}
        self._action_spaces = {a: _discrete(MAX_ACTIONS) for a in self.possible_agents}
        self.game = None
        self.agents = []

    # ---- spaces ----
    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    # ---- the cycle ----
    def reset(self, seed=None, options=None):
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little")
        self.game = Game(self.decks, seed=seed, rules=self.rules, promotion_target=self.promotion_target,
                         allow_unimplemented=self.allow_unimplemented)
        for i, a in enumerate(self.possible_agents):
            space = self._action_spaces[a]
            if hasattr(space, "seed"):
                space.seed(seed * 31 + i)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.decisions = 0
        self._select()

    def observe(self, agent):
        seat = self._seat[agent]
        mask = np.zeros(MAX_ACTIONS, dtype=np.int8)
        if not self.game.over and self.game.deciding == seat:
            mask[:min(self.game.option_count(), MAX_ACTIONS)] = 1
        return {"observation": self.game.features(seat), "action_mask": mask}

    def last(self, observe=True):
        agent = self.agent_selection
        obs = self.observe(agent) if observe else None
        return (obs, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent],
                self.infos[agent])

    def agent_iter(self, max_iter=2 ** 63):
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        count = self.game.option_count()
        if action is None or not (0 <= int(action) < min(count, MAX_ACTIONS)):
            raise ValueError("%s: action %r is not one of the %d legal options (see the action mask)"
                             % (agent, action, min(count, MAX_ACTIONS)))
        self._cumulative_rewards[agent] = 0
        self.game.apply(int(action))
        self.decisions += 1
        self.rewards = {a: 0 for a in self.agents}
        if self.game.over:
            winner = self.game.winner
            for a in self.agents:
                self.terminations[a] = True
                if winner >= 0:
                    self.rewards[a] = 1 if self._seat[a] == winner else -1
        elif self.decisions >= self.max_decisions:
            for a in self.agents:
                self.truncations[a] = True
        for a, r in self.rewards.items():
            self._cumulative_rewards[a] += r
        self._select()

    def _select(self):
        done = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if done:
            self.agent_selection = done[0]
            for a in self.agents:
                self.infos[a] = {}
            return
        self.agent_selection = self.possible_agents[self.game.deciding]
        for a in self.agents:
            self.infos[a] = {}
        self.infos[self.agent_selection] = {"options": self.game.options()[:MAX_ACTIONS]}

    def _was_dead_step(self, action):
        if action is not None:
            raise ValueError("when an agent is done, the only valid action is None")
        agent = self.agent_selection
        self.agents.remove(agent)
        for d in (self.terminations, self.truncations, self.rewards, self._cumulative_rewards, self.infos):
            del d[agent]
        if self.agents:
            self._select()

    # ---- the rest of the interface ----
    def state(self):
        """The whole game (omniscient): a dtref.Game, for debugging and search, never for an agent."""
        return self.game

    def render(self):
        if self.render_mode != "ansi" or self.game is None:
            return None
        scores = ", ".join("s%d %d P %d D" % (i, p, d) for i, (p, d) in enumerate(self.game.scores))
        if self.game.over:
            return "turn %d, game over (%s), winner s%d; %s" % (self.game.turn, self.game.end_reason, self.game.winner,
                                                                 scores)
        return "turn %d, s%d decides among %d options; %s" % (self.game.turn, self.game.deciding,
                                                              self.game.option_count(), scores)

    def close(self):
        self.game = None


def env(**kwargs):
    """The environment, as PettingZoo's modules name their constructor."""
    return DoomtrooperEnv(**kwargs)
