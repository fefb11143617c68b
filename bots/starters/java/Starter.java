/*
 * A starter bot for Pentago and Pente, in Java (standard library only).
 * Copy this one file, put your own choice in chooseMove() (search for
 * "YOUR MOVE"), and build it:
 *
 *     javac -d . Starter.java
 *
 * Try it against the bundled random bot:
 *
 *     referee match "java -cp . Starter" build/bots/random_bot
 *     referee match --game pente --variant plus "java -cp . Starter" build/bots/random_bot
 *
 * What it does for you:
 *   - speaks the bot protocol (protocol/PROTOCOL.md): it reads the
 *     referee's lines on stdin and answers on stdout, one line at a time;
 *   - asks the referee for a `position` line before each of its turns, so
 *     it needs no rules to follow the game: it reads the board from that
 *     line;
 *   - lists the legal moves of the position and lets chooseMove() pick
 *     one.  As written it picks one at random, seeded from the referee's
 *     `set seed` and its own seat, so the same seed plays the same game.
 *
 * The list of legal moves:
 *   - Pentago: every empty cell with each of the 8 rotations ("c4 2R").
 *     When the placement alone makes five, the referee ignores the
 *     rotation, so every move in the list is legal.
 *   - Pente: every empty point ("K10"); the first stone of the game must
 *     be K10; with opening=tournament (the default) white's second stone
 *     (ply 2; ply 4 in the team variant) must be outside H8-M12.
 *   - Pente Plus: also every empty point as a power stone ("L12*") while
 *     the player to move has power stones in hand (not for the first
 *     stone).  Two optional extras are not listed: a bonus stone after a
 *     power stone ("L12* D4") and colour lists ("K15/w").  A move without
 *     them is always legal; add them yourself if you want them.
 *
 * A help for authors: `java -cp . Starter --list-moves GAME VARIANT
 * 'POSITION' [OPTIONS]` prints the legal moves of a position, one a line.
 *
 * Everything you print on System.out goes to the referee, so write your
 * notes to System.err (the referee keeps them in a log file).
 */
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

public class Starter {

    /**
     * What the bot knows about the game.  board holds the rows as the
     * position line lists them, each an array of cells: '.' empty, 'w'
     * white, 'b' black, 'p' a power stone (Plus), 'r' red, 'u' blue (team).
     *   Pentago: 6 rows; board[0] is row 1 (the top), board[r][0] column a,
     *            so cell "c4" is board[3][2].
     *   Pente:   19 rows; board[0] is row 19 (the top), board[r][0]
     *            column A, so K10 is board[9][9].
     */
    static class State {
        String game = "pentago";  // "pentago" or "pente"
        String variant = "";      // pentago: swiss-2010, standard; pente: standard, plus, partner, team
        boolean tournament = true; // Pente: opening=tournament (the default)
        int seat = 0;             // our seat: 0 moves first
        long seed = 0;            // from `set seed` (read as unsigned 64 bits)
        char[][] board = new char[0][];
        char toMove = 'w';        // colour to move: 'w', 'b' ('r', 'u' in team)
        int ply = 0;              // Pente: plies played so far
        int[] captured = {0, 0};  // Pente: stones captured by white's, black's team
        int[] power = {0, 0};     // Pente Plus: power stones in hand, white, black
    }

    // ==== YOUR MOVE ========================================================
    /*
     * Put your own choice here.  You get:
     *   state   the game and the position (see State above)
     *   moves   every legal move as text, e.g. "a1 1R", "a1 1L", ...
     *   timeMs  milliseconds you have for this move: answer well within it
     *   rng     a random generator seeded from the game's seed and your seat
     * Return the text of your move: one of moves, or a legal move you build
     * yourself (for example a Pente Plus bonus stone, "L12* D4").
     * As written: a random legal move.
     */
    static String chooseMove(State state, List<String> moves, long timeMs, Random rng) {
        return moves.get(rng.nextInt(moves.size()));
    }
    // ==== end of YOUR MOVE =================================================

    /** Reads "a,b". */
    static int[] readPair(String text) {
        String[] parts = text.split(",");
        return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1])};
    }

    /** Turns a `position` line into state.board and the rest of state. */
    static void readPosition(State state, String text) {
        String[] fields = text.trim().split("\\s+");
        String[] rows = fields[0].split("/");
        state.board = new char[rows.length][];
        for (int r = 0; r < rows.length; r++) {
            // Pente: a number is a run of empty points.
            StringBuilder row = new StringBuilder();
            int number = 0;
            for (char ch : (rows[r] + " ").toCharArray()) {
                if (state.game.equals("pente") && Character.isDigit(ch)) {
                    number = number * 10 + (ch - '0');
                    continue;
                }
                for (; number > 0; number--)
                    row.append('.');
                if (ch != ' ')
                    row.append(ch);
            }
            state.board[r] = row.toString().toCharArray();
        }
        state.toMove = fields.length > 1 ? fields[1].charAt(0) : 'w';
        // Pente: the plies, captures "c0,c1", in Plus power stones "p0,p1".
        state.ply = fields.length > 2 ? Integer.parseInt(fields[2]) : 0;
        state.captured = fields.length > 3 ? readPair(fields[3]) : new int[] {0, 0};
        state.power = fields.length > 4 ? readPair(fields[4]) : new int[] {0, 0};
    }

    /** Is the cell at row r, column c empty? */
    static boolean empty(State state, int r, int c) {
        return r < state.board.length && c < state.board[r].length && state.board[r][c] == '.';
    }

    /** Every legal move of the position, as text. */
    static List<String> legalMoves(State state) {
        List<String> moves = new ArrayList<>();
        if (state.game.equals("pente")) {
            String columns = "ABCDEFGHJKLMNOPQRST"; // no I
            int openingPly = state.variant.equals("team") ? 4 : 2;
            int mine = state.toMove == 'b' ? 1 : 0; // Plus: whose power stones
            boolean power = state.variant.equals("plus") && state.ply > 0 && state.power[mine] > 0;
            for (int r = 0; r < 19; r++) {
                for (int c = 0; c < 19; c++) {
                    if (!empty(state, r, c))
                        continue;
                    if (state.ply == 0 && !(r == 9 && c == 9))
                        continue; // the first stone goes on K10
                    boolean near = Math.abs(r - 9) < 3 && Math.abs(c - 9) < 3;
                    if (state.tournament && state.ply == openingPly && near)
                        continue; // white's second stone: outside H8-M12
                    String point = "" + columns.charAt(c) + (19 - r);
                    moves.add(point);
                    if (power)
                        moves.add(point + "*");
                }
            }
        } else {
            for (int r = 0; r < 6; r++) {
                for (int c = 0; c < 6; c++) {
                    if (!empty(state, r, c))
                        continue;
                    String cell = "" + "abcdef".charAt(c) + (r + 1);
                    for (int quadrant = 1; quadrant <= 4; quadrant++) {
                        moves.add(cell + " " + quadrant + "R");
                        moves.add(cell + " " + quadrant + "L");
                    }
                }
            }
        }
        return moves;
    }

    /** One line to the referee, flushed at once (or it never arrives). */
    static void say(String text) {
        System.out.print(text + "\n");
        System.out.flush();
    }

    static void play() throws IOException {
        State state = new State();
        Random rng = new Random(0);
        BufferedReader input = new BufferedReader(new InputStreamReader(System.in));
        String line;
        while ((line = input.readLine()) != null) {
            line = line.trim();
            String[] words = line.split("\\s+");
            String keyword = words[0];
            String rest = line.substring(keyword.length()).trim();
            switch (keyword) {
            case "protocol":
                say("id name Starter (Java)");
                say("id version 0.1");
                say("id author Your Name");
                say("id option position"); // a `position` line before turns
                say("id option newgame");  // can play game after game
                say("ready 1");
                break;
            case "set":
                if (words.length < 3)
                    break;
                switch (words[1]) {
                case "game": state.game = words[2]; break;
                case "variant": state.variant = words[2]; break;
                case "options":
                    state.tournament = !Arrays.asList(words).contains("opening=free");
                    break;
                case "you": state.seat = Integer.parseInt(words[2]); break;
                case "seed": state.seed = Long.parseUnsignedLong(words[2]); break;
                default: break;
                }
                break;
            case "start":
                // Mix the seat in, so two copies of this bot play differently.
                rng = new Random(state.seed ^ (0x9E3779B97F4A7C15L * (state.seat + 1)));
                break;
            case "position":
                readPosition(state, rest);
                break;
            case "turn": {
                long timeMs = words.length > 1 ? Long.parseLong(words[1]) : 0;
                List<String> moves = legalMoves(state);
                if (moves.isEmpty()) {
                    System.err.println("starter: no legal move found");
                    break;
                }
                say("move " + chooseMove(state, moves, timeMs, rng));
                break;
            }
            case "result":
                System.err.println("starter: game over: " + rest);
                break;
            case "newgame":
                state = new State();
                say("ready 1");
                break;
            case "quit":
                return;
            default:
                break; // any other line (`played`, new keywords): ignored
            }
        }
        // End of input: the referee has gone, so quit.
    }

    /** --list-moves GAME VARIANT POSITION [OPTIONS]: print the legal moves. */
    static void listMoves(String[] args) {
        if (args.length < 4) {
            System.err.println("usage: java Starter --list-moves GAME VARIANT 'POSITION' [OPTIONS]");
            System.exit(2);
        }
        State state = new State();
        state.game = args[1];
        state.variant = args[2];
        state.tournament = args.length < 5
            || !Arrays.asList(args[4].split("\\s+")).contains("opening=free");
        readPosition(state, args[3]);
        StringBuilder out = new StringBuilder();
        for (String move : legalMoves(state))
            out.append(move).append('\n');
        System.out.print(out);
        System.out.flush();
    }

    public static void main(String[] args) throws IOException {
        if (args.length > 0 && args[0].equals("--list-moves"))
            listMoves(args);
        else
            play();
    }
}
