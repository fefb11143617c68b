//! A starter bot for Pentago, Pente and Pentago Multiplayer, in Rust
//! (standard library only, no crates). Copy this one file, put your own choice in choose_move()
//! (search for "YOUR MOVE"), and build it:
//!
//!     rustc -O starter.rs
//!
//! Try it against the bundled random bot:
//!
//!     referee match ./starter build/bots/random_bot
//!     referee match --game pente --variant plus ./starter build/bots/random_bot
//!     referee match --game pentago-multi ./starter build/bots/random_bot
//!
//! What it does for you:
//!   - speaks the bot protocol (protocol/PROTOCOL.md): it reads the
//!     referee's lines on stdin and answers on stdout, one line at a time;
//!   - asks the referee for a `position` line before each of its turns, so
//!     it needs no rules to follow the game: it reads the board from that
//!     line;
//!   - lists the legal moves of the position and lets choose_move() pick
//!     one. As written it picks one at random, seeded from the referee's
//!     `set seed` and its own seat, so the same seed plays the same game.
//!
//! The list of legal moves:
//!   - Pentago (6x6, 4 quadrants) and Pentago Multiplayer (9x9, 9 blocks;
//!     `set game pentago-multi`, variants 2p, 3p, 4p, team): every empty
//!     cell with each turn of each block, "c4 1R", "c4 1L", "c4 2R", ...;
//!     where the placement alone makes five (or more) in a row of the
//!     mover's colour, the bare cell "c4" instead: the mover has won there
//!     and no turn follows. Cells in order a1, b1, ..., then row 2: the
//!     rules engine's own order.
//!   - Pente: every empty point ("K10"); the first stone of the game must
//!     be K10; with opening=tournament (the default) white's second stone
//!     (ply 2; ply 4 in the team variant) must be outside H8-M12.
//!   - Pente Plus: also every empty point as a power stone ("L12*") while
//!     the player to move has power stones in hand (not for the first
//!     stone). Two optional extras are not listed: a bonus stone after a
//!     power stone ("L12* D4") and colour lists ("K15/w"). A move without
//!     them is always legal; add them yourself if you want them.
//!
//! Any other game (the Pattern Puzzle, `pentago-puzzle`, or a game added
//! later): the bot does not play it. On `set game` it says so on stderr,
//! and it answers every `turn` with "move unsupported-game", a text no
//! game accepts, so that `referee check-bot` lists the game as not played.
//!
//! A help for authors: `./starter --list-moves GAME VARIANT 'POSITION'
//! [OPTIONS]` prints the legal moves of a position, one a line.
//!
//! Everything you print on stdout goes to the referee, so write your notes
//! to stderr with eprintln!() (the referee keeps them in a log file).

use std::io::{self, BufRead, Write};

/// What the bot knows about the game. `board` holds the rows as the
/// position line lists them, each a vector of cells: '.' empty, 'w' white,
/// 'b' black, 'p' a power stone (Plus), 'r' red, 'u' blue (Pente team,
/// Pentago Multiplayer).
///   Pentago: 6 rows; board[0] is row 1 (the top), board[r][0] column a,
///            so cell "c4" is board[3][2]; Pentago Multiplayer the same
///            with 9 rows ("e5" is board[4][4]).
///   Pente:   19 rows; board[0] is row 19 (the top), board[r][0] column A,
///            so K10 is board[9][9].
struct State {
    game: String,          // "pentago", "pente" or "pentago-multi"
    /// pentago: swiss-2010, standard; pente: standard, plus, partner, team;
    /// pentago-multi: 2p, 3p, 4p, team
    variant: String,
    tournament: bool,      // Pente: opening=tournament (the default)
    seat: u64,             // our seat: 0 moves first
    seed: u64,             // from `set seed`
    board: Vec<Vec<char>>, // the rows, see above
    to_move: char,         // colour to move: 'w', 'b', 'r' or 'u'
    ply: u32,              // Pente: plies played so far
    captured: [u32; 2],    // Pente: stones captured by white's, black's team
    power: [u32; 2],       // Pente Plus: power stones in hand, white, black
    seat_to_move: usize,   // Pentago Multiplayer: the seat to move
    places: Vec<u32>,      // Pentago Multiplayer: each seat's place, 0 while it is in
}

impl State {
    fn new() -> State {
        State {
            game: "pentago".to_string(),
            variant: String::new(),
            tournament: true,
            seat: 0,
            seed: 0,
            board: Vec::new(),
            to_move: 'w',
            ply: 0,
            captured: [0, 0],
            power: [0, 0],
            seat_to_move: 0,
            places: Vec::new(),
        }
    }
}

/// Random numbers: Rust's standard library has no generator, so here is a
/// small one (splitmix64).
struct Random {
    state: u64,
}

impl Random {
    fn new(seed: u64, seat: u64) -> Random {
        // Mix the seat in, so two copies of this bot play differently.
        Random { state: seed ^ 0x9E37_79B9_7F4A_7C15u64.wrapping_mul(seat + 1) }
    }

    /// A random number from 0 to n - 1.
    fn below(&mut self, n: usize) -> usize {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z % n as u64) as usize
    }
}

// ==== YOUR MOVE ============================================================
/// Put your own choice here. You get:
///   state    the game and the position (see State above)
///   moves    every legal move as text, e.g. "a1 1R", "a1 1L", ...
///   time_ms  milliseconds you have for this move: answer well within it
///   rng      a random generator seeded from the game's seed and your seat
/// Return the text of your move: one of moves, or a legal move you build
/// yourself (for example a Pente Plus bonus stone, "L12* D4").
/// As written: a random legal move.
#[allow(unused_variables)]
fn choose_move(state: &State, moves: &[String], time_ms: u64, rng: &mut Random) -> String {
    moves[rng.below(moves.len())].clone()
}
// ==== end of YOUR MOVE =====================================================

/// The games this bot knows; it declines any other.
fn plays_game(game: &str) -> bool {
    game == "pentago" || game == "pente" || game == "pentago-multi"
}

/// Reads "a,b".
fn read_pair(text: &str) -> [u32; 2] {
    let mut pair = [0, 0];
    for (i, part) in text.splitn(2, ',').enumerate() {
        pair[i] = part.parse().unwrap_or(0);
    }
    pair
}

/// Turns a `position` line into state.board and the rest of state.
fn read_position(state: &mut State, text: &str) {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.is_empty() {
        return;
    }
    state.to_move = fields.get(1).and_then(|f| f.chars().next()).unwrap_or('w');
    state.board.clear();
    for row_text in fields[0].split('/') {
        let mut row = Vec::new();
        let mut number = 0;
        for ch in row_text.chars().chain(" ".chars()) {
            if state.game == "pente" && ch.is_ascii_digit() {
                // Pente: a number is a run of empty points.
                number = number * 10 + ch.to_digit(10).unwrap_or(0);
                continue;
            }
            for _ in 0..number {
                row.push('.');
            }
            number = 0;
            if ch != ' ' {
                row.push(ch);
            }
        }
        state.board.push(row);
    }
    if state.game == "pentago-multi" {
        // The seat to move, each seat's place. Seat s plays colour s
        // (w b r u); in team play s % 2 (w b).
        state.seat_to_move = fields.get(1).and_then(|f| f.parse().ok()).unwrap_or(0);
        let places = fields.get(2).unwrap_or(&"").split(',');
        state.places = places.map(|p| p.parse().unwrap_or(0)).collect();
        let colours = if state.variant == "team" { "wb" } else { "wbru" };
        state.to_move = colours.chars().cycle().nth(state.seat_to_move).unwrap_or('w');
        return;
    }
    // Pente: the plies, captures "c0,c1", in Plus power stones "p0,p1".
    state.ply = fields.get(2).and_then(|f| f.parse().ok()).unwrap_or(0);
    state.captured = read_pair(fields.get(3).unwrap_or(&"0,0"));
    state.power = read_pair(fields.get(4).unwrap_or(&"0,0"));
}

/// The cell at row r, column c, or None off the board.
fn cell_at(board: &[Vec<char>], r: i32, c: i32) -> Option<char> {
    if r < 0 || c < 0 {
        return None;
    }
    board.get(r as usize).and_then(|row| row.get(c as usize)).copied()
}

/// Is the cell at row r, column c empty?
fn empty(state: &State, r: usize, c: usize) -> bool {
    cell_at(&state.board, r as i32, c as i32) == Some('.')
}

/// Does a gem of colour on the empty cell (r, c) make five or more in a
/// row? Along each line through it: its own gems on both sides, plus
/// itself.
fn makes_five(board: &[Vec<char>], r: i32, c: i32, colour: char) -> bool {
    for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)].iter() {
        let mut run = 1;
        for sign in [-1, 1].iter() {
            let (mut rr, mut cc) = (r + sign * dr, c + sign * dc);
            while cell_at(board, rr, cc) == Some(colour) {
                run += 1;
                rr += sign * dr;
                cc += sign * dc;
            }
        }
        if run >= 5 {
            return true;
        }
    }
    false
}

/// Pentago (size 6) and Pentago Multiplayer (size 9): the board is cut
/// into 3x3 blocks, 4 or 9, numbered in reading order. Every empty cell
/// with each block turned each way ("c4 2R"), or the bare cell where the
/// placement makes five for colour.
fn block_moves(board: &[Vec<char>], size: usize, colour: char) -> Vec<String> {
    let blocks = (size / 3) * (size / 3);
    let columns: Vec<char> = "abcdefghi".chars().collect();
    let mut moves = Vec::new();
    for r in 0..size {
        for c in 0..size {
            if cell_at(board, r as i32, c as i32) != Some('.') {
                continue;
            }
            let cell = format!("{}{}", columns[c], r + 1);
            if makes_five(board, r as i32, c as i32, colour) {
                moves.push(cell); // it wins here: no turn follows
                continue;
            }
            for block in 1..=blocks {
                moves.push(format!("{} {}R", cell, block));
                moves.push(format!("{} {}L", cell, block));
            }
        }
    }
    moves
}

/// Every legal move of the position, as text.
fn legal_moves(state: &State) -> Vec<String> {
    match state.game.as_str() {
        "pentago" => return block_moves(&state.board, 6, state.to_move),
        "pentago-multi" => return block_moves(&state.board, 9, state.to_move),
        _ => {}
    }
    let mut moves = Vec::new();
    let columns: Vec<char> = "ABCDEFGHJKLMNOPQRST".chars().collect(); // no I
    let opening_ply = if state.variant == "team" { 4 } else { 2 };
    let mine = if state.to_move == 'b' { 1 } else { 0 }; // Plus: whose power stones
    let power = state.variant == "plus" && state.ply > 0 && state.power[mine] > 0;
    for r in 0..19usize {
        for c in 0..19usize {
            if !empty(state, r, c) {
                continue;
            }
            if state.ply == 0 && !(r == 9 && c == 9) {
                continue; // the first stone goes on K10
            }
            let near = (r as i32 - 9).abs() < 3 && (c as i32 - 9).abs() < 3;
            if state.tournament && state.ply == opening_ply && near {
                continue; // white's second stone: outside H8-M12
            }
            let point = format!("{}{}", columns[c], 19 - r);
            if power {
                moves.push(point.clone());
                moves.push(point + "*");
            } else {
                moves.push(point);
            }
        }
    }
    moves
}

/// One line to the referee, flushed at once (or it never arrives).
fn say(text: &str) {
    let mut out = io::stdout();
    // A referee that has gone away is no error worth a crash.
    let _ = writeln!(out, "{}", text);
    let _ = out.flush();
}

fn play() {
    let mut state = State::new();
    let mut rng = Random::new(0, 0);
    let stdin = io::stdin();
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(line) => line,
            Err(_) => break,
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        let rest = line.trim()[words[0].len()..].trim();
        match words[0] {
            "protocol" => {
                say("id name Starter (Rust)");
                say("id version 0.1");
                say("id author Your Name");
                say("id option position"); // a `position` line before turns
                say("id option newgame"); // can play game after game
                say("ready 1");
            }
            "set" if words.len() > 2 => match words[1] {
                "game" => {
                    state.game = words[2].to_string();
                    state.variant = match words[2] {
                        "pente" => "standard",
                        "pentago-multi" => "2p",
                        _ => "",
                    }
                    .to_string();
                    if !plays_game(words[2]) {
                        eprintln!(
                            "starter: this bot does not play {} (it plays pentago, pente and \
                             pentago-multi); it answers every turn with 'move unsupported-game'",
                            words[2]
                        );
                    }
                }
                "variant" => state.variant = words[2].to_string(),
                "options" => state.tournament = !words[2..].contains(&"opening=free"),
                "you" => state.seat = words[2].parse().unwrap_or(0),
                "seed" => state.seed = words[2].parse().unwrap_or(0),
                _ => {}
            },
            "start" => rng = Random::new(state.seed, state.seat),
            "position" => {
                if plays_game(&state.game) {
                    read_position(&mut state, rest);
                }
            }
            "turn" if !plays_game(&state.game) => {
                say("move unsupported-game"); // no game accepts it: we decline
            }
            "turn" => {
                let time_ms = words.get(1).and_then(|w| w.parse().ok()).unwrap_or(0);
                let moves = legal_moves(&state);
                if moves.is_empty() {
                    eprintln!("starter: no legal move found");
                    continue;
                }
                let choice = choose_move(&state, &moves, time_ms, &mut rng);
                say(&format!("move {}", choice));
            }
            "result" => eprintln!("starter: game over: {}", rest),
            "newgame" => {
                state = State::new();
                say("ready 1");
            }
            "quit" => return,
            _ => {} // any other line (`played`, new keywords): ignored
        }
    }
    // End of input: the referee has gone, so quit.
}

/// --list-moves GAME VARIANT POSITION [OPTIONS]: print the legal moves.
fn list_moves(args: &[String]) {
    if args.len() < 3 {
        eprintln!("usage: starter --list-moves GAME VARIANT 'POSITION' [OPTIONS]");
        std::process::exit(2);
    }
    if !plays_game(&args[0]) {
        eprintln!("starter: this bot does not play {}", args[0]);
        std::process::exit(2);
    }
    let mut state = State::new();
    state.game = args[0].clone();
    state.variant = args[1].clone();
    state.tournament = args.len() < 4 || !args[3].split_whitespace().any(|o| o == "opening=free");
    read_position(&mut state, &args[2]);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for m in legal_moves(&state) {
        let _ = writeln!(out, "{}", m);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() > 1 && args[1] == "--list-moves" {
        list_moves(&args[2..]);
    } else {
        play();
    }
}
