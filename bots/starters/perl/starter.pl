#!/usr/bin/env perl
# A starter bot for Pentago and Pente, in Perl 5 (core Perl only).  Copy
# this one file, put your own choice in choose_move (search for "YOUR
# MOVE") and try it against the bundled random bot:
#
#   referee match "perl starter.pl" build/bots/random_bot
#   referee match --game pente --variant plus "perl starter.pl" build/bots/random_bot
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
#   - Pentago: every empty cell with each of the 8 rotations ("c4 2R").
#     When the placement alone makes five, the referee ignores the
#     rotation, so every move in the list is legal.
#   - Pente: every empty point ("K10"); the first stone of the game must
#     be K10; with opening=tournament (the default) white's second stone
#     (ply 2; ply 4 in the team variant) must be outside H8-M12.
#   - Pente Plus: also every empty point as a power stone ("L12*") while
#     the player to move has power stones in hand (not for the first
#     stone).  Two optional extras are not listed: a bonus stone after a
#     power stone ("L12* D4") and colour lists ("K15/w").  A move without
#     them is always legal; add them yourself if you want them.
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
#   game        "pentago" or "pente"
#   variant     pentago: swiss-2010, standard; pente: standard, plus,
#               partner, team
#   tournament  Pente: 1 with opening=tournament (the default)
#   seat        our seat: 0 moves first
#   seed        from `set seed`
#   board       the rows as the position line lists them, each a list of
#               cells: '.' empty, 'w' white, 'b' black, 'p' a power stone
#               (Plus), 'r' red, 'u' blue (team).
#                 Pentago: 6 rows; $board->[0] is row 1 (the top),
#                          $board->[$r][0] column a, so cell "c4" is
#                          $board->[3][2].
#                 Pente:   19 rows; $board->[0] is row 19 (the top),
#                          $board->[$r][0] column A, so K10 is
#                          $board->[9][9].
#   to_move     colour to move: 'w', 'b' ('r', 'u' in team)
#   ply         Pente: plies played so far
#   captured    Pente: [stones captured by white's team, by black's]
#   power       Pente Plus: [power stones in hand of white, of black]
sub new_state {
    return {
        game => 'pentago', variant => '', tournament => 1, seat => 0,
        seed => 0, board => [], to_move => 'w', ply => 0,
        captured => [0, 0], power => [0, 0],
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
    $state->{board}   = \@board;
    $state->{to_move} = $fields[1] // 'w';
    # Pente: the plies, captures "c0,c1", in Plus power stones "p0,p1".
    $state->{ply}      = $fields[2] // 0;
    $state->{captured} = [split /,/, $fields[3] // '0,0'];
    $state->{power}    = [split /,/, $fields[4] // '0,0'];
}

# Every legal move of the position, as a list of texts.
sub legal_moves {
    my ($state) = @_;
    my $board = $state->{board};
    my @moves;
    if ($state->{game} eq 'pente') {
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
    } else {
        for my $r (0 .. 5) {
            for my $c (0 .. 5) {
                next unless ($board->[$r][$c] // '') eq '.';
                my $cell = substr('abcdef', $c, 1) . ($r + 1);
                for my $quadrant (1 .. 4) {
                    push @moves, "$cell ${quadrant}R", "$cell ${quadrant}L";
                }
            }
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
            if    ($key eq 'game')    { $state->{game} = $value }
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
            read_position($state, $rest);
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
