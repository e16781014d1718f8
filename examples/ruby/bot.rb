#!/usr/bin/env ruby
# A Doomtrooper bot in Ruby over stdio (JSON Lines), standard library only.
# Written from README.md, docs/protocol.md and docs/rules-for-bots.md alone:
# claim the gift without a warrior, muster and equip first, attack only where
# we hit and are not hit back (or trade up), play a combat card when our side
# of a fight is losing, take points as P, discard what cannot be used.
#
#   dtref match --bot "stdio:ruby examples/ruby/bot.rb" --bot builtin:random
require 'json'

$stdout.sync = true # every answer leaves at once: the referee's clock is running

class Bot
  def initialize
    @cards = {}
  end

  # Every card this seat can see, by id.
  def index(obs)
    @cards = {}
    obs['seats'].each do |seat|
      (seat['hand'] + seat['in_play']).each { |c| @cards[c['id']] = c }
    end
  end

  def card(word)
    @cards[word[1..].to_i] || {}
  end

  def rating(c, key)
    r = c['current'] || c['printed'] || {}
    r[key] || 0
  end

  def designated?(c, name)
    (c['designation'] || []).include?(name)
  end

  # 0: a hit by `a` does nothing to `t`; 1: wounds it; 2: kills it.
  def harm(a, t, tactic)
    return 0 if rating(a, tactic) < rating(t, 'armor')
    t['wounded'] || designated?(a, 'SLAYER') ? 2 : 1
  end

  # What a fight is worth to us: the points we expect, less theirs. FIRST
  # STRIKE on our side alone means a kill is never answered.
  def fight_value(mine, theirs, tactic)
    weight = [0, 0.4, 1.0]
    ours = harm(mine, theirs, tactic)
    back = harm(theirs, mine, tactic)
    back = 0 if ours == 2 && designated?(mine, 'FIRST STRIKE') && !designated?(theirs, 'FIRST STRIKE')
    weight[ours] * rating(theirs, 'value') - weight[back] * rating(mine, 'value')
  end

  def my_side(obs)
    att = @cards[obs['attacker']] || {}
    att['owner'] == obs['viewer'] ? [obs['attacker'], obs['defender']] : [obs['defender'], obs['attacker']]
  end

  def score(text, obs)
    w = text.split
    me = obs['seats'][obs['viewer']]
    hand_warriors = me['hand'].count { |c| c['card_type'] == 'warrior' }
    case w[0]
    when 'gift' then hand_warriors.zero? ? 1 : -1
    when 'keep' then 0
    when 'points'
      p = w[1][2..].to_i
      d = w[2][2..].to_i
      # P wins; a little D only while a warrior in hand waits for it
      p + (hand_warriors.positive? && me['destiny'] < 3 ? d * 0.6 : 0)
    when 'muster' then 60 + rating(card(w[1]), 'value')
    when 'equip'
      gear = card(w[1])
      bonus = rating(gear, 'fight') + rating(gear, 'shoot') + rating(gear, 'armor')
      45 + bonus
    when 'bestow', 'bestow-ki', 'proclaim', 'assign' then 40
    when 'build' then 35
    when 'sabotage' then 80
    when 'attack'
      v = fight_value(card(w[1]), card(w[2]), w[3])
      v.positive? ? 70 + v : -20
    when 'meditate' then hand_warriors.positive? ? 12 : 2
    when 'discard'
      c = card(w[1])
      useless = c['card_type'] == 'equipment' && me['in_play'].none? { |x| x['card_type'] == 'warrior' }
      useless || !%w[warrior special equipment].include?(c['card_type']) ? 3 : -1
    when 'play'
      return -5 unless obs['in_combat'] && w[2] == 'on'
      mine, other = my_side(obs)
      losing = fight_value(@cards[mine] || {}, @cards[other] || {}, obs['tactic']) <= 0
      losing && w[3] == "c#{mine}" ? 25 : -5
    else 0 # pass, spells and abilities we do not read: leave them
    end
  end

  def choose(msg)
    obs = msg['observation']
    index(obs)
    best = msg['options'].max_by { |o| score(o['text'], obs) }
    best['index']
  end
end

bot = Bot.new
$stdin.each_line do |line|
  next if line.strip.empty?
  msg = JSON.parse(line)
  case msg['type']
  when 'hello'
    puts JSON.generate({ type: 'ready', name: 'ruby-heuristic', version: '1' })
  when 'request'
    puts JSON.generate({ decision_id: msg['decision_id'], choice: bot.choose(msg) })
  when 'match_end'
    break
  end
end
