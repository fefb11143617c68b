/*
 * A starter bot for Pentago, Pente and Pentago Multiplayer, in Java
 * (standard library only).  Copy this one file, put your own choice in chooseMove() (search for
 * "YOUR MOVE"), and build it:
 *
 *     javac -d . Starter.java
 *
 * Try it against the bundled random bot:
 *
 *     referee match "java -cp . Starter" build/bots/random_bot
 *     referee match --game pente --variant plus "java -cp . Starter" build/bots/random_bot
 *     referee match --game pentago-multi "java -cp . Starter" build/bots/random_bot
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
 *   - Pentago (6x6, 4 quadrants) and Pentago Multiplayer (9x9, 9 blocks;
 *     `set game pentago-multi`, variants 2p, 3p, 4p, team): every empty
 *     cell with each turn of each block, "c4 1R", "c4 1L", "c4 2R", ...;
 *     where the placement alone makes five (or more) in a row of the
 *     mover's colour, the bare cell "c4" instead: the mover has won there
 *     and no turn follows.  Cells in order a1, b1, ..., then row 2: the
 *     rules engine's own order.
 *   - Pente: every empty point ("K10"); the first stone of the game must
 *     be K10; with opening=tournament (the default) white's second stone
 *     (ply 2; ply 4 in the team variant) must be outside H8-M12.
 *   - Pente Plus: also every empty point as a power stone ("L12*") while
 *     the player to move has power stones in hand (not for the first
 *     stone).  Two optional extras are not listed: a bonus stone after a
 *     power stone ("L12* D4") and colour lists ("K15/w").  A move without
 *     them is always legal; add them yourself if you want them.
 *
 * Any other game (the Pattern Puzzle, `pentago-puzzle`, or a game added
 * later): the bot does not play it.  On `set game` it says so on stderr,
 * and it answers every `turn` with "move unsupported-game", a text no game
 * accepts, so that `referee check-bot` lists the game as not played.
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
     * white, 'b' black, 'p' a power stone (Plus), 'r' red, 'u' blue (Pente
     * team, Pentago Multiplayer).
     *   Pentago: 6 rows; board[0] is row 1 (the top), board[r][0] column a,
     *            so cell "c4" is board[3][2]; Pentago Multiplayer the same
     *            with 9 rows ("e5" is board[4][4]).
     *   Pente:   19 rows; board[0] is row 19 (the top), board[r][0]
     *            column A, so K10 is board[9][9].
     */
    static class State {
        String game = "pentago";  // "pentago", "pente" or "pentago-multi"
        String variant = "";      // pentago: swiss-2010, standard; pente: standard, plus, partner,
                                  // team; pentago-multi: 2p, 3p, 4p, team
        boolean tournament = true; // Pente: opening=tournament (the default)
        int seat = 0;             // our seat: 0 moves first
        long seed = 0;            // from `set seed` (read as unsigned 64 bits)
        char[][] board = new char[0][];
        char toMove = 'w';        // colour to move: 'w', 'b', 'r' or 'u'
        int ply = 0;              // Pente: plies played so far
        int[] captured = {0, 0};  // Pente: stones captured by white's, black's team
        int[] power = {0, 0};     // Pente Plus: power stones in hand, white, black
        int seatToMove = 0;       // Pentago Multiplayer: the seat to move
        int[] places = {};        // Pentago Multiplayer: each seat's place, 0 while it is in
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

    /** The games this bot knows; it declines any other. */
    static boolean playsGame(String game) {
        return game.equals("pentago") || game.equals("pente") || game.equals("pentago-multi");
    }

    /** Reads "a,b,...". */
    static int[] readNumbers(String text) {
        String[] parts = text.split(",");
        int[] numbers = new int[parts.length];
        for (int i = 0; i < parts.length; i++)
            numbers[i] = Integer.parseInt(parts[i]);
        return numbers;
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
        if (state.game.equals("pentago-multi")) {
            // The seat to move, each seat's place.  Seat s plays colour s
            // (w b r u); in team play s % 2 (w b).
            state.seatToMove = Integer.parseInt(fields[1]);
            state.places = readNumbers(fields[2]);
            String colours = state.variant.equals("team") ? "wb" : "wbru";
            state.toMove = colours.charAt(state.seatToMove % colours.length());
            return;
        }
        state.toMove = fields.length > 1 ? fields[1].charAt(0) : 'w';
        // Pente: the plies, captures "c0,c1", in Plus power stones "p0,p1".
        state.ply = fields.length > 2 ? Integer.parseInt(fields[2]) : 0;
        state.captured = fields.length > 3 ? readNumbers(fields[3]) : new int[] {0, 0};
        state.power = fields.length > 4 ? readNumbers(fields[4]) : new int[] {0, 0};
    }

    /** The cell at row r, column c, or 0 off the board. */
    static char cellAt(char[][] board, int r, int c) {
        if (r < 0 || r >= board.length || c < 0 || c >= board[r].length)
            return 0;
        return board[r][c];
    }

    /**
     * Does a gem of colour on the empty cell (r, c) make five or more in a
     * row?  Along each line through it: its own gems on both sides, plus
     * itself.
     */
    static boolean makesFive(char[][] board, int r, int c, char colour) {
        int[][] steps = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
        for (int[] step : steps) {
            int run = 1;
            for (int sign = -1; sign <= 1; sign += 2) {
                int dr = sign * step[0], dc = sign * step[1];
                for (int rr = r + dr, cc = c + dc; cellAt(board, rr, cc) == colour; rr += dr, cc += dc)
                    run++;
            }
            if (run >= 5)
                return true;
        }
        return false;
    }

    /**
     * Pentago (size 6) and Pentago Multiplayer (size 9): the board is cut
     * into 3x3 blocks, 4 or 9, numbered in reading order.  Every empty
     * cell with each block turned each way ("c4 2R"), or the bare cell
     * where the placement makes five for colour.
     */
    static List<String> blockMoves(char[][] board, int size, char colour) {
        int blocks = (size / 3) * (size / 3);
        List<String> moves = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            for (int c = 0; c < size; c++) {
                if (cellAt(board, r, c) != '.')
                    continue;
                String cell = "" + "abcdefghi".charAt(c) + (r + 1);
                if (makesFive(board, r, c, colour)) {
                    moves.add(cell); // it wins here: no turn follows
                    continue;
                }
                for (int block = 1; block <= blocks; block++) {
                    moves.add(cell + " " + block + "R");
                    moves.add(cell + " " + block + "L");
                }
            }
        }
        return moves;
    }

    /** Every legal move of the position, as text. */
    static List<String> legalMoves(State state) {
        if (state.game.equals("pentago"))
            return blockMoves(state.board, 6, state.toMove);
        if (state.game.equals("pentago-multi"))
            return blockMoves(state.board, 9, state.toMove);
        List<String> moves = new ArrayList<>();
        String columns = "ABCDEFGHJKLMNOPQRST"; // no I
        int openingPly = state.variant.equals("team") ? 4 : 2;
        int mine = state.toMove == 'b' ? 1 : 0; // Plus: whose power stones
        boolean power = state.variant.equals("plus") && state.ply > 0 && state.power[mine] > 0;
        for (int r = 0; r < 19; r++) {
            for (int c = 0; c < 19; c++) {
                if (cellAt(state.board, r, c) != '.')
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
                case "game":
                    state.game = words[2];
                    state.variant = state.game.equals("pente") ? "standard"
                        : state.game.equals("pentago-multi") ? "2p" : "";
                    if (!playsGame(state.game))
                        System.err.println("starter: this bot does not play " + state.game
                            + " (it plays pentago, pente and pentago-multi); it answers every"
                            + " turn with 'move unsupported-game'");
                    break;
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
                if (playsGame(state.game))
                    readPosition(state, rest);
                break;
            case "turn": {
                if (!playsGame(state.game)) {
                    say("move unsupported-game"); // no game accepts it: we decline
                    break;
                }
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
        if (!playsGame(args[1])) {
            System.err.println("starter: this bot does not play " + args[1]);
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
