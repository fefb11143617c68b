#!/usr/bin/env perl
# A starter bot for Pentago, Pente and Pentago Multiplayer, in Perl 5 (core
# Perl only).  Copy this one file, put your own choice in choose_move (search for "YOUR
# MOVE") and try it against the bundled random bot:
#
#   referee match "perl starter.pl" build/bots/random_bot
#   referee match --game pente --variant plus "perl starter.pl" build/bots/random_bot
#   referee match --game pentago-multi "perl starter.pl" build/bots/random_bot
#
# What it does for you:
#   - speaks the bot protocol (protocol/PROTOCOL.md): it reads the
#     referee's lines on stdin and answers on stdout, one line at a time;
#   - asks the referee for a `position` line before each of its turns, so
#     it needs no rules to follow the game: it reads the board from that
#     line;
#   - lists the legal moves of the position and lets choose_move pick one.
#     As written it picks one at random, seeded from the referee's
#     `set seed` and its own seat, so the same seed plays the same game.
#
# The list of legal moves:
#   - Pentago (6x6, 4 quadrants) and Pentago Multiplayer (9x9, 9 blocks;
#     `set game pentago-multi`, variants 2p, 3p, 4p, team): every empty
#     cell with each turn of each block, "c4 1R", "c4 1L", "c4 2R", ...;
#     where the placement alone makes five (or more) in a row of the
#     mover's colour, the bare cell "c4" instead: the mover has won there
#     and no turn follows.  Cells in order a1, b1, ..., then row 2: the
#     rules engine's own order.
#   - Pente: every empty point ("K10"); the first stone of the game must
#     be K10; with opening=tournament (the default) white's second stone
#     (ply 2; ply 4 in the team variant) must be outside H8-M12.
#   - Pente Plus: also every empty point as a power stone ("L12*") while
#     the player to move has power stones in hand (not for the first
#     stone).  Two optional extras are not listed: a bonus stone after a
#     power stone ("L12* D4") and colour lists ("K15/w").  A move without
#     them is always legal; add them yourself if you want them.
#
# Any other game (the Pattern Puzzle, `pentago-puzzle`, or a game added
# later): the bot does not play it.  On `set game` it says so on stderr,
# and it answers every `turn` with "move unsupported-game", a text no game
# accepts, so that `referee check-bot` lists the game as not played.
#
# A help for authors: `perl starter.pl --list-moves GAME VARIANT 'POSITION'
# [OPTIONS]` prints the legal moves of a position, one a line.
#
# Everything you print on STDOUT goes to the referee, so write your notes
# to STDERR (the referee keeps them in a log file): warn "thinking\n".
use strict;
use warnings;

$| = 1;    # flush STDOUT after every print, or the referee never sees it

# What the bot knows about the game, in a hash:
#   game        "pentago", "pente" or "pentago-multi"
#   variant     pentago: swiss-2010, standard; pente: standard, plus,
#               partner, team; pentago-multi: 2p, 3p, 4p, team
#   tournament  Pente: 1 with opening=tournament (the default)
#   seat        our seat: 0 moves first
#   seed        from `set seed`
#   board       the rows as the position line lists them, each a list of
#               cells: '.' empty, 'w' white, 'b' black, 'p' a power stone
#               (Plus), 'r' red, 'u' blue (Pente team, Pentago
#               Multiplayer).
#                 Pentago: 6 rows; $board->[0] is row 1 (the top),
#                          $board->[$r][0] column a, so cell "c4" is
#                          $board->[3][2]; Pentago Multiplayer the same
#                          with 9 rows ("e5" is $board->[4][4]).
#                 Pente:   19 rows; $board->[0] is row 19 (the top),
#                          $board->[$r][0] column A, so K10 is
#                          $board->[9][9].
#   to_move     colour to move: 'w', 'b', 'r' or 'u'
#   ply         Pente: plies played so far
#   captured    Pente: [stones captured by white's team, by black's]
#   power       Pente Plus: [power stones in hand of white, of black]
#   seat_to_move  Pentago Multiplayer: the seat to move
#   places      Pentago Multiplayer: [each seat's place, 0 while it is in]
sub new_state {
    return {
        game => 'pentago', variant => '', tournament => 1, seat => 0,
        seed => 0, board => [], to_move => 'w', ply => 0,
        captured => [0, 0], power => [0, 0], seat_to_move => 0,
        places => [],
    };
}

# ==== YOUR MOVE ============================================================
# Put your own choice here.  You get:
#   $state    the game and the position (see new_state above)
#   $moves    every legal move as text, e.g. ['a1 1R', 'a1 1L', ...]
#   $time_ms  milliseconds you have for this move: answer well within it
# int(rand(N)) gives a random number from 0 to N - 1 (seeded from the
# game's seed and your seat).
# Return the text of your move: one of @$moves, or a legal move you build
# yourself (for example a Pente Plus bonus stone, 'L12* D4').
# As written: a random legal move.
sub choose_move {
    my ($state, $moves, $time_ms) = @_;
    return $moves->[int(rand(scalar @$moves))];
}
# ==== end of YOUR MOVE =====================================================

# The games this bot knows; it declines any other.
sub plays_game {
    my ($game) = @_;
    return scalar grep { $_ eq $game } qw(pentago pente pentago-multi);
}

# Turn a `position` line into the board and the rest of the state.
sub read_position {
    my ($state, $text) = @_;
    my @fields = split ' ', $text;
    return unless @fields;
    my @board;
    for my $row (split m{/}, $fields[0]) {
        # Pente: a number is a run of empty points.
        $row =~ s/(\d+)/'.' x $1/ge if $state->{game} eq 'pente';
        push @board, [split //, $row];
    }
    $state->{board} = \@board;
    if ($state->{game} eq 'pentago-multi') {
        # The seat to move, each seat's place.  Seat s plays colour s
        # (w b r u); in team play s % 2 (w b).
        my $seat = $state->{seat_to_move} = $fields[1] // 0;
        $state->{places} = [split /,/, $fields[2] // ''];
        my $colours = $state->{variant} eq 'team' ? 'wb' : 'wbru';
        $state->{to_move} = substr($colours, $seat % length $colours, 1);
        return;
    }
    $state->{to_move} = $fields[1] // 'w';
    # Pente: the plies, captures "c0,c1", in Plus power stones "p0,p1".
    $state->{ply}      = $fields[2] // 0;
    $state->{captured} = [split /,/, $fields[3] // '0,0'];
    $state->{power}    = [split /,/, $fields[4] // '0,0'];
}

# Does a gem of $colour on the empty cell ($r, $c) make five or more in a
# row?  Along each line through it: its own gems on both sides, plus
# itself.
sub makes_five {
    my ($board, $r, $c, $colour) = @_;
    my $size = @$board;
    for my $step ([0, 1], [1, 0], [1, 1], [1, -1]) {
        my $run = 1;
        for my $sign (-1, 1) {
            my ($dr, $dc) = ($sign * $step->[0], $sign * $step->[1]);
            my ($rr, $cc) = ($r + $dr, $c + $dc);
            while ($rr >= 0 && $rr < $size && $cc >= 0 && $cc < $size
                   && $board->[$rr][$cc] eq $colour) {
                $run++;
                ($rr, $cc) = ($rr + $dr, $cc + $dc);
            }
        }
        return 1 if $run >= 5;
    }
    return 0;
}

# Pentago and Pentago Multiplayer: the board is cut into 3x3 blocks, 4 or
# 9, numbered in reading order.  Every empty cell with each block turned
# each way ("c4 2R"), or the bare cell where the placement makes five for
# $colour.
sub block_moves {
    my ($board, $colour) = @_;
    my $size = @$board;
    my $blocks = int($size / 3) ** 2;
    my @moves;
    for my $r (0 .. $size - 1) {
        for my $c (0 .. $size - 1) {
            next unless ($board->[$r][$c] // '') eq '.';
            my $cell = substr('abcdefghi', $c, 1) . ($r + 1);
            if (makes_five($board, $r, $c, $colour)) {
                push @moves, $cell;    # it wins here: no turn follows
                next;
            }
            push @moves, "$cell ${_}R", "$cell ${_}L" for 1 .. $blocks;
        }
    }
    return @moves;
}

# Every legal move of the position, as a list of texts.
sub legal_moves {
    my ($state) = @_;
    my $board = $state->{board};
    return block_moves($board, $state->{to_move}) if $state->{game} ne 'pente';
    my @moves;
    my @columns = split //, 'ABCDEFGHJKLMNOPQRST';    # no I
    my $opening_ply = $state->{variant} eq 'team' ? 4 : 2;
    my $mine = $state->{to_move} eq 'b' ? 1 : 0;    # Plus: whose power stones
    my $power = $state->{variant} eq 'plus' && $state->{ply} > 0
        && $state->{power}[$mine] > 0;
    for my $r (0 .. 18) {
        for my $c (0 .. 18) {
            next unless ($board->[$r][$c] // '') eq '.';
            # The first stone goes on K10.
            next if $state->{ply} == 0 && !($r == 9 && $c == 9);
            # White's second stone: outside H8-M12.
            my $near = abs($r - 9) < 3 && abs($c - 9) < 3;
            next if $state->{tournament} && $state->{ply} == $opening_ply && $near;
            my $point = $columns[$c] . (19 - $r);
            push @moves, $point;
            push @moves, "$point*" if $power;
        }
    }
    return @moves;
}

# One line to the referee ($| = 1 above flushes it at once).
sub say_line {
    my ($text) = @_;
    print "$text\n";
}

sub play {
    my $state = new_state();
    while (my $line = <STDIN>) {
        $line =~ s/^\s+|\s+$//g;    # the LF, a CR before it, blanks
        my @words = split ' ', $line;
        next unless @words;
        my $keyword = $words[0];
        (my $rest = $line) =~ s/^\S+\s*//;
        if ($keyword eq 'protocol') {
            say_line('id name Starter (Perl)');
            say_line('id version 0.1');
            say_line('id author Your Name');
            say_line('id option position');    # a `position` line before turns
            say_line('id option newgame');     # can play game after game
            say_line('ready 1');
        } elsif ($keyword eq 'set' && @words > 2) {
            my ($key, $value) = @words[1, 2];
            if ($key eq 'game') {
                $state->{game} = $value;
                $state->{variant} = {pente => 'standard',
                                     'pentago-multi' => '2p'}->{$value} // '';
                warn "starter: this bot does not play $value (it plays "
                    . "pentago, pente and pentago-multi); it answers every "
                    . "turn with 'move unsupported-game'\n"
                    unless plays_game($value);
            }
            elsif ($key eq 'variant') { $state->{variant} = $value }
            elsif ($key eq 'options') {
                $state->{tournament} = !grep { $_ eq 'opening=free' } @words;
            }
            elsif ($key eq 'you')  { $state->{seat} = $value }
            elsif ($key eq 'seed') { $state->{seed} = $value }
        } elsif ($keyword eq 'start') {
            # Perl's srand takes 32 bits: reduce the 64-bit seed first, and
            # mix the seat in, so two copies of this bot play differently.
            srand(($state->{seed} % 1073741789) * 4 + $state->{seat} % 4);
        } elsif ($keyword eq 'position') {
            read_position($state, $rest) if plays_game($state->{game});
        } elsif ($keyword eq 'turn' && !plays_game($state->{game})) {
            say_line('move unsupported-game');    # no game accepts it: we decline
        } elsif ($keyword eq 'turn') {
            my $time_ms = $words[1] // 0;
            my @moves = legal_moves($state);
            if (!@moves) {
                warn "starter: no legal move found\n";
                next;
            }
            say_line('move ' . choose_move($state, \@moves, $time_ms));
        } elsif ($keyword eq 'result') {
            warn "starter: game over: $rest\n";
        } elsif ($keyword eq 'newgame') {
            $state = new_state();
            say_line('ready 1');
        } elsif ($keyword eq 'quit') {
            return;
        }
        # Any other line (`played`, new keywords): ignored.
    }
    # End of input: the referee has gone, so quit.
}

# --list-moves GAME VARIANT POSITION [OPTIONS]: print the legal moves.
sub list_moves {
    my @args = @_;
    if (@args < 3) {
        warn "usage: $0 --list-moves GAME VARIANT 'POSITION' [OPTIONS]\n";
        exit 2;
    }
    if (!plays_game($args[0])) {
        warn "starter: this bot does not play $args[0]\n";
        exit 2;
    }
    my $state = new_state();
    @$state{qw(game variant)} = @args[0, 1];
    $state->{tournament} = !grep { $_ eq 'opening=free' } split ' ', $args[3] // '';
    read_position($state, $args[2]);
    say_line($_) for legal_moves($state);
}

if (@ARGV && $ARGV[0] eq '--list-moves') {
    list_moves(@ARGV[1 .. $#ARGV]);
} else {
    play();
}
