#!/usr/bin/perl
# A Doomtrooper bot for dtref over stdio (JSON Lines), written from docs/protocol.md alone.
# Perl 5, core modules only (JSON::PP, IO::Handle).
#
#   ./build/referee/dtref match --bot "stdio:perl examples/perl/heuristic_bot.pl" --bot builtin:random
#
# It plays a simple heuristic on the documented fields of the observation and the option
# texts (see choose() below): take the most Promotion points, muster a warrior when it can,
# equip its own warriors, attack when its warrior looks stronger than the target, play combat
# cards on its own cards, and otherwise pick a random option.
# Logs go to stderr (the referee keeps the tail); stdout carries protocol lines only.
use strict;
use warnings;
use JSON::PP;
use IO::Handle;

STDOUT->autoflush(1);    # the protocol asks for a flush after every line
STDERR->autoflush(1);
binmode STDIN,  ':raw';  # JSON::PP->utf8 decodes/encodes the UTF-8 bytes itself
binmode STDOUT, ':raw';

my $json = JSON::PP->new->utf8->canonical;
my $seed = $ENV{HEURISTIC_BOT_SEED};
srand($seed) if defined $seed;    # reproducible play when asked for
# For trying out the referee's error handling (policies dev and training): with
# HEURISTIC_BOT_BLUNDER=0.1 about one answer in ten names an option that does not exist.
my $blunder = $ENV{HEURISTIC_BOT_BLUNDER} // 0;

my %me = (seat => -1, policy => 'ladder');
# decision_id => { index => 1 } for answers the referee refused, so a repeated request
# (policy dev) does not get the same refused choice again.
my %refused;
my %answered;    # decision_id => the index we last answered with

sub logmsg { print STDERR "heuristic_bot: @_\n" }

sub send_msg {
    my ($msg) = @_;
    print STDOUT $json->encode($msg), "\n";
}

# --- reading the observation ------------------------------------------------------------

# All cards in play, by id, and which cards are attached to each card.
sub index_cards {
    my ($obs) = @_;
    my (%card, %attached);
    for my $seat (@{ $obs->{seats} || [] }) {
        for my $c (@{ $seat->{in_play} || [] }) {
            $card{ $c->{id} } = $c;
            push @{ $attached{ $c->{attached_to} } }, $c if ($c->{attached_to} // -1) >= 0;
        }
    }
    return (\%card, \%attached);
}

# What a card looks like from outside: the documented fields give no ratings, so a card
# counts as stronger for every card attached to it (equipment), and weaker when wounded.
# A face-down card (2nd edition cover) is an unknown, scored as average.
sub visible_strength {
    my ($id, $card, $attached) = @_;
    my $c = $card->{$id} or return 1;
    return 1 if $c->{face_down};
    my $s = 2 + 1.5 * scalar @{ $attached->{$id} || [] };
    $s -= 2 if $c->{wounded};
    $s += 0.5 if $c->{cover};    # in cover: harder to hit
    return $s;
}

sub my_seat_info {
    my ($obs) = @_;
    for my $s (@{ $obs->{seats} || [] }) { return $s if $s->{seat} == $obs->{viewer} }
    return {};
}

# --- the heuristic ------------------------------------------------------------------------

# Returns (option index, comment).
sub choose {
    my ($req) = @_;
    my $obs  = $req->{observation} || {};
    my $viewer = $obs->{viewer} // $me{seat};
    my @opts = grep { !$refused{ $req->{decision_id} }{ $_->{index} } } @{ $req->{options} };
    @opts = @{ $req->{options} } unless @opts;    # everything refused: try again anyway
    my ($card, $attached) = index_cards($obs);

    my (@best, $best_score);
    for my $o (@opts) {
        my @w = split ' ', $o->{text};
        my $kind = $o->{kind} // $w[0];
        my $score;
        if ($kind eq 'points') {
            # Promotion points win the game; take as many P as offered.
            my ($p) = $o->{text} =~ /p=(\d+)/;
            $score = 100 + ($p // 0);
        } elsif ($kind eq 'gift') {
            $score = 10;    # claim the Cardinal's Gift
        } elsif ($kind eq 'muster' || $kind eq 'muster-cover') {
            $score = $kind eq 'muster' ? 60 : 55;
        } elsif ($kind eq 'equip') {
            # "equip cE cW": only on a warrior of ours that is not wounded.
            my ($w) = $o->{text} =~ /^equip c\d+ c(\d+)/;
            my $c = defined $w ? $card->{$w} : undef;
            $score = ($c && $c->{owner} == $viewer) ? ($c->{wounded} ? 20 : 50) : 5;
        } elsif ($kind eq 'build') {
            $score = 40;
        } elsif ($kind eq 'attack') {
            # "attack cA cT fight|shoot": attack when ours looks at least as strong.
            my ($a, $t) = $o->{text} =~ /^attack c(\d+) c(\d+)/;
            my $diff = visible_strength($a, $card, $attached)
                     - visible_strength($t, $card, $attached);
            $score = $diff >= 0 ? 45 + 5 * $diff : 0;
        } elsif ($kind eq 'play') {
            # "play cX on cY": a card on our own card helps us, on theirs it usually hurts them.
            my ($y) = $o->{text} =~ / on c(\d+)/;
            my $c = defined $y ? $card->{$y} : undef;
            $score = 30;
            $score = 35 if $c && $obs->{in_combat} && ($c->{id} == $obs->{attacker} || $c->{id} == $obs->{defender});
        } elsif ($kind eq 'meditate') {
            $score = 15;
        } elsif ($kind eq 'discard') {
            $score = 10;
        } elsif ($kind eq 'pass' || $kind eq 'keep') {
            $score = 8;
        } else {
            $score = 12;    # cover, uncover, sabotage, and anything new: a modest default
        }
        $score += rand(3);    # random tie-break, and a little variety
        if (!defined $best_score || $score > $best_score) { $best_score = $score; @best = ($o) }
    }
    my $o = $best[0];
    return ($o->{index}, sprintf('%s (score %.1f)', $o->{text}, $best_score));
}

# --- the conversation ---------------------------------------------------------------------

while (defined(my $line = <STDIN>)) {
    $line =~ s/\r?\n\z//;
    next if $line =~ /^\s*$/;    # blank lines are ignored
    my $msg = eval { $json->decode($line) };
    if (!$msg || ref $msg ne 'HASH') {
        logmsg("cannot parse a line from the referee: $@");
        next;
    }
    my $type = $msg->{type} // '';
    if ($type eq 'hello') {
        $me{seat}   = $msg->{seat};
        $me{policy} = $msg->{policy} // 'ladder';
        logmsg("seat $me{seat} of $msg->{seats}, rules $msg->{rules}, policy $me{policy}");
        send_msg({ type => 'ready', name => 'perl-heuristic', version => '1', author => 'dtref examples' });
    } elsif ($type eq 'request') {
        my ($choice, $why) = choose($msg);
        if (rand() < $blunder) { $choice = scalar @{ $msg->{options} }; $why = 'a deliberate blunder' }
        $answered{ $msg->{decision_id} } = $choice;
        send_msg({ type => 'answer', decision_id => $msg->{decision_id}, choice => $choice + 0,
                   comment => $why });
    } elsif ($type eq 'error') {
        # Under dev the same request follows; under training the default was played;
        # under ladder match_end follows. In every case: wait for the next message.
        logmsg("answer refused ($msg->{kind}): $msg->{message}");
        my $id = $msg->{decision_id};
        $refused{$id}{ $answered{$id} } = 1 if defined $id && defined $answered{$id};
    } elsif ($type eq 'match_end') {
        my @v = map { "s$_->{seat} $_->{name}: $_->{verdict}" } @{ $msg->{seats} || [] };
        logmsg("match over: winner $msg->{winner} ($msg->{reason}); @v");
        last;
    } else {
        logmsg("ignoring a message of unknown type '$type'");
    }
}
exit 0;
