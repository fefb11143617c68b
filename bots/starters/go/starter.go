// A starter bot for Pentago, Pente and Pentago Multiplayer, in Go (standard
// library only). Copy this one file, put your own choice in chooseMove() (search for
// "YOUR MOVE"), and build it:
//
//	go build -o starter starter.go
//
// Try it against the bundled random bot:
//
//	referee match ./starter build/bots/random_bot
//	referee match --game pente --variant plus ./starter build/bots/random_bot
//	referee match --game pentago-multi ./starter build/bots/random_bot
//
// What it does for you:
//   - speaks the bot protocol (protocol/PROTOCOL.md): it reads the
//     referee's lines on stdin and answers on stdout, one line at a time;
//   - asks the referee for a `position` line before each of its turns, so
//     it needs no rules to follow the game: it reads the board from that
//     line;
//   - lists the legal moves of the position and lets chooseMove() pick
//     one. As written it picks one at random, seeded from the referee's
//     `set seed` and its own seat, so the same seed plays the same game.
//
// The list of legal moves:
//   - Pentago (6x6, 4 quadrants) and Pentago Multiplayer (9x9, 9 blocks;
//     `set game pentago-multi`, variants 2p, 3p, 4p, team): every empty
//     cell with each turn of each block, "c4 1R", "c4 1L", "c4 2R", ...;
//     where the placement alone makes five (or more) in a row of the
//     mover's colour, the bare cell "c4" instead: the mover has won there
//     and no turn follows. Cells in order a1, b1, ..., then row 2: the
//     rules engine's own order.
//   - Pente: every empty point ("K10"); the first stone of the game must
//     be K10; with opening=tournament (the default) white's second stone
//     (ply 2; ply 4 in the team variant) must be outside H8-M12.
//   - Pente Plus: also every empty point as a power stone ("L12*") while
//     the player to move has power stones in hand (not for the first
//     stone). Two optional extras are not listed: a bonus stone after a
//     power stone ("L12* D4") and colour lists ("K15/w"). A move without
//     them is always legal; add them yourself if you want them.
//
// Any other game (the Pattern Puzzle, `pentago-puzzle`, or a game added
// later): the bot does not play it. On `set game` it says so on stderr,
// and it answers every `turn` with "move unsupported-game", a text no game
// accepts, so that `referee check-bot` lists the game as not played.
//
// A help for authors: `./starter --list-moves GAME VARIANT 'POSITION'
// [OPTIONS]` prints the legal moves of a position, one a line.
//
// Everything you print on stdout goes to the referee, so write your notes
// to stderr (the referee keeps them in a log file): logf("thinking").
package main

import (
	"bufio"
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"strings"
)

// State is what the bot knows about the game. Board holds the rows as the
// position line lists them, each a string of cells: '.' empty, 'w' white,
// 'b' black, 'p' a power stone (Plus), 'r' red, 'u' blue (Pente team,
// Pentago Multiplayer).
//
//	Pentago: 6 rows; Board[0] is row 1 (the top), Board[r][0] column a,
//	         so cell "c4" is Board[3][2]; Pentago Multiplayer the same
//	         with 9 rows ("e5" is Board[4][4]).
//	Pente:   19 rows; Board[0] is row 19 (the top), Board[r][0] column A,
//	         so K10 is Board[9][9].
type State struct {
	Game       string   // "pentago", "pente" or "pentago-multi"
	Variant    string   // pentago: swiss-2010, standard; pente: standard, plus, partner, team; pentago-multi: 2p, 3p, 4p, team
	Tournament bool     // Pente: opening=tournament (the default)
	Seat       int      // our seat: 0 moves first
	Seed       uint64   // from `set seed`
	Board      []string // the rows, see above
	ToMove     byte     // colour to move: 'w', 'b', 'r' or 'u'
	Ply        int      // Pente: plies played so far
	Captured   [2]int   // Pente: stones captured by white's, black's team
	Power      [2]int   // Pente Plus: power stones in hand, white, black
	SeatToMove int      // Pentago Multiplayer: the seat to move
	Places     []int    // Pentago Multiplayer: each seat's place, 0 while it is in
}

func newState() *State {
	return &State{Game: "pentago", Tournament: true}
}

func logf(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
}

// ==== YOUR MOVE ============================================================
// Put your own choice here. You get:
//
//	s       the game and the position (see State above)
//	moves   every legal move as text, e.g. "a1 1R", "a1 1L", ...
//	timeMs  milliseconds you have for this move: answer well within it
//	rng     a random generator seeded from the game's seed and your seat
//
// Return the text of your move: one of moves, or a legal move you build
// yourself (for example a Pente Plus bonus stone, "L12* D4").
// As written: a random legal move.
func chooseMove(s *State, moves []string, timeMs int, rng *rand.Rand) string {
	return moves[rng.Intn(len(moves))]
}

// ==== end of YOUR MOVE =====================================================

// playsGame: the games this bot knows; it declines any other.
func playsGame(game string) bool {
	return game == "pentago" || game == "pente" || game == "pentago-multi"
}

// readPosition turns a `position` line into s.Board and the rest of s.
func readPosition(s *State, text string) {
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return
	}
	rows := strings.Split(fields[0], "/")
	s.Board = rows
	s.ToMove = 'w'
	if len(fields) > 1 {
		s.ToMove = fields[1][0]
	}
	if s.Game == "pentago-multi" {
		// Nine rows of nine cells, the seat to move, each seat's place.
		// Seat s plays colour s (w b r u); in team play s % 2 (w b).
		s.SeatToMove, s.Places = 0, nil
		if len(fields) > 1 {
			s.SeatToMove, _ = strconv.Atoi(fields[1])
		}
		if len(fields) > 2 {
			for _, part := range strings.Split(fields[2], ",") {
				place, _ := strconv.Atoi(part)
				s.Places = append(s.Places, place)
			}
		}
		colours := "wbru"
		if s.Variant == "team" {
			colours = "wb"
		}
		s.ToMove = colours[s.SeatToMove%len(colours)]
		return
	}
	if s.Game != "pente" {
		return // Pentago: six rows of six cells, then the colour to move
	}
	// Pente: a number is a run of empty points; then the colour to move,
	// the plies, captures "c0,c1", in Plus power stones "p0,p1".
	for i, row := range rows {
		var b strings.Builder
		number := 0
		for _, ch := range row + " " {
			if ch >= '0' && ch <= '9' {
				number = number*10 + int(ch-'0')
				continue
			}
			b.WriteString(strings.Repeat(".", number))
			number = 0
			if ch != ' ' {
				b.WriteRune(ch)
			}
		}
		s.Board[i] = b.String()
	}
	s.Ply, s.Captured, s.Power = 0, [2]int{}, [2]int{}
	if len(fields) > 2 {
		s.Ply, _ = strconv.Atoi(fields[2])
	}
	if len(fields) > 3 {
		s.Captured = readPair(fields[3])
	}
	if len(fields) > 4 {
		s.Power = readPair(fields[4])
	}
}

// readPair reads "a,b".
func readPair(text string) [2]int {
	var pair [2]int
	for i, part := range strings.SplitN(text, ",", 2) {
		pair[i], _ = strconv.Atoi(part)
	}
	return pair
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// at is the cell at row r, column c, or 0 off the board.
func at(board []string, r, c int) byte {
	if r < 0 || r >= len(board) || c < 0 || c >= len(board[r]) {
		return 0
	}
	return board[r][c]
}

// makesFive: does a gem of colour on the empty cell (r, c) make five or
// more in a row? Along each line through it: its own gems on both sides,
// plus itself.
func makesFive(board []string, r, c int, colour byte) bool {
	for _, d := range [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
		run := 1
		for _, sign := range []int{-1, 1} {
			dr, dc := sign*d[0], sign*d[1]
			for rr, cc := r+dr, c+dc; at(board, rr, cc) == colour; rr, cc = rr+dr, cc+dc {
				run++
			}
		}
		if run >= 5 {
			return true
		}
	}
	return false
}

// blockMoves: Pentago (size 6) and Pentago Multiplayer (size 9), the board
// cut into 3x3 blocks, 4 or 9, numbered in reading order. Every empty cell
// with each block turned each way ("c4 2R"), or the bare cell where the
// placement makes five for colour.
func blockMoves(board []string, size int, colour byte) []string {
	blocks := (size / 3) * (size / 3)
	moves := []string{}
	for r := 0; r < size; r++ {
		for c := 0; c < size; c++ {
			if at(board, r, c) != '.' {
				continue
			}
			cell := fmt.Sprintf("%c%d", 'a'+c, r+1)
			if makesFive(board, r, c, colour) {
				moves = append(moves, cell) // it wins here: no turn follows
				continue
			}
			for block := 1; block <= blocks; block++ {
				moves = append(moves, fmt.Sprintf("%s %dR", cell, block), fmt.Sprintf("%s %dL", cell, block))
			}
		}
	}
	return moves
}

// legalMoves lists every legal move of the position, as text.
func legalMoves(s *State) []string {
	switch s.Game {
	case "pentago":
		return blockMoves(s.Board, 6, s.ToMove)
	case "pentago-multi":
		return blockMoves(s.Board, 9, s.ToMove)
	}
	moves := []string{}
	const columns = "ABCDEFGHJKLMNOPQRST" // no I
	openingPly := 2
	if s.Variant == "team" {
		openingPly = 4
	}
	mine := 0 // Plus: whose power stones
	if s.ToMove == 'b' {
		mine = 1
	}
	power := s.Variant == "plus" && s.Ply > 0 && s.Power[mine] > 0
	for r := 0; r < 19; r++ {
		for c := 0; c < 19; c++ {
			if at(s.Board, r, c) != '.' {
				continue
			}
			if s.Ply == 0 && !(r == 9 && c == 9) {
				continue // the first stone goes on K10
			}
			near := abs(r-9) < 3 && abs(c-9) < 3
			if s.Tournament && s.Ply == openingPly && near {
				continue // white's second stone: outside H8-M12
			}
			point := fmt.Sprintf("%c%d", columns[c], 19-r)
			moves = append(moves, point)
			if power {
				moves = append(moves, point+"*")
			}
		}
	}
	return moves
}

// say writes one line to the referee. os.Stdout is not buffered in Go, so
// the line leaves at once.
func say(text string) {
	fmt.Println(text)
}

func play() {
	s := newState()
	rng := rand.New(rand.NewSource(0))
	input := bufio.NewScanner(os.Stdin)
	input.Buffer(make([]byte, 64*1024), 64*1024)
	for input.Scan() {
		line := strings.TrimSpace(input.Text())
		words := strings.Fields(line)
		if len(words) == 0 {
			continue
		}
		rest := strings.TrimSpace(strings.TrimPrefix(line, words[0]))
		switch words[0] {
		case "protocol":
			say("id name Starter (Go)")
			say("id version 0.1")
			say("id author Your Name")
			say("id option position") // a `position` line before turns
			say("id option newgame")  // can play game after game
			say("ready 1")
		case "set":
			if len(words) < 3 {
				break
			}
			switch words[1] {
			case "game":
				s.Game = words[2]
				s.Variant = map[string]string{"pente": "standard", "pentago-multi": "2p"}[s.Game]
				if !playsGame(s.Game) {
					logf("starter: this bot does not play %s (it plays pentago, pente and "+
						"pentago-multi); it answers every turn with 'move unsupported-game'", s.Game)
				}
			case "variant":
				s.Variant = words[2]
			case "options":
				s.Tournament = !strings.Contains(" "+rest+" ", " opening=free ")
			case "you":
				s.Seat, _ = strconv.Atoi(words[2])
			case "seed":
				s.Seed, _ = strconv.ParseUint(words[2], 10, 64)
			}
		case "start":
			// Mix the seat in, so two copies of this bot play differently.
			rng = rand.New(rand.NewSource(int64(s.Seed ^ 0x9E3779B97F4A7C15*uint64(s.Seat+1))))
		case "position":
			if playsGame(s.Game) {
				readPosition(s, rest)
			}
		case "turn":
			if !playsGame(s.Game) {
				say("move unsupported-game") // no game accepts it: we decline
				break
			}
			timeMs := 0
			if len(words) > 1 {
				timeMs, _ = strconv.Atoi(words[1])
			}
			moves := legalMoves(s)
			if len(moves) == 0 {
				logf("starter: no legal move found")
				break
			}
			say("move " + chooseMove(s, moves, timeMs, rng))
		case "result":
			logf("starter: game over: %s", rest)
		case "newgame":
			s = newState()
			say("ready 1")
		case "quit":
			return
		}
		// Any other line (`played`, new keywords): ignored.
	}
	// End of input: the referee has gone, so quit.
}

// listMoves: --list-moves GAME VARIANT POSITION [OPTIONS].
func listMoves(args []string) {
	if len(args) < 3 {
		logf("usage: starter --list-moves GAME VARIANT 'POSITION' [OPTIONS]")
		os.Exit(2)
	}
	if !playsGame(args[0]) {
		logf("starter: this bot does not play %s", args[0])
		os.Exit(2)
	}
	s := newState()
	s.Game, s.Variant = args[0], args[1]
	s.Tournament = len(args) < 4 || !strings.Contains(" "+args[3]+" ", " opening=free ")
	readPosition(s, args[2])
	out := bufio.NewWriter(os.Stdout)
	for _, move := range legalMoves(s) {
		fmt.Fprintln(out, move)
	}
	out.Flush()
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "--list-moves" {
		listMoves(os.Args[2:])
		return
	}
	play()
}
