// rithmocheck conformance adapter for tronicek/Rithmomachia (our own code; no engine code is copied).
//
// Protocol (docs/conformance.md): one JSON object on stdin (the case's position, move, ruleset, kind,
// agreement), one JSON object on stdout: {"legal", "captures", "victories"} or {"unsupported": why}.
// The engine is called only through its public API (package rithmomachia), from a build of the
// user's checkout (prepare.sh). See ENGINE.md for the mapping of its notions onto the protocol.
//
// Sides: even = W (the engine's king 91 side, "White on left side", Board.java 41), odd = B.
// Squares: new Board(8, 16, rows): row 0..7 = file a..h, column 0..15 = rank 1..16.
//
// The engine prints debug lines on stdout (Piece.java 201, Pyramid.java 205): stdout is silenced
// while it runs and the answer printed afterwards on the real stdout.

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import rithmomachia.Board;
import rithmomachia.Circle;
import rithmomachia.Color;
import rithmomachia.Move;
import rithmomachia.Piece;
import rithmomachia.Pos;
import rithmomachia.Pyramid;
import rithmomachia.Square;
import rithmomachia.Triangle;
import rithmomachia.Victory;
import rithmomachia.VictoryManager;

public class Adapter {

  /** A case the engine cannot be asked: answered {"unsupported": why}. */
  static final class Unsupported extends Exception {
    Unsupported(String why) {
      super(why);
    }
  }

  static final int ROWS = 8, COLS = 16;

  // The layers of each side's king, by number, and their shapes (the book's table "Of the kings",
  // lines 392ff: the ruleset's table "kings"). The protocol gives a king's layers by number only.
  static char layerShape(String side, long value) {
    if (side.equals("even")) {
      if (value == 1 || value == 4) return 'C';
      if (value == 9 || value == 16) return 'T';
      if (value == 25 || value == 36) return 'S';
    } else {
      if (value == 16) return 'C';
      if (value == 25 || value == 36) return 'T';
      if (value == 49 || value == 64) return 'S';
    }
    throw new IllegalArgumentException("no layer " + value + " in the " + side + " king");
  }

  static final long[] EVEN_KING = {1, 4, 9, 16, 25, 36};
  static final long[] ODD_KING = {16, 25, 36, 49, 64};

  // The pairs of the book's table "To take by cossical signs" (line 947; the ruleset's
  // k2-cossick-taking): root, power. Used only to tell a second-kind case the engine cannot answer.
  static final long[][] COSSICK = {
    {2, 16}, {2, 64}, {3, 9}, {3, 81}, {4, 16}, {4, 64}, {5, 25}, {6, 36}, {7, 49}, {8, 64}, {9, 81},
    {15, 225}
  };

  public static void main(String[] args) {
    PrintStream out = System.out;
    System.setOut(new PrintStream(OutputStream.nullOutputStream())); // the engine's debug lines
    String answer;
    try {
      Map<String, Object> in = Json.object(Json.parse(readAll(System.in)));
      try {
        answer = run(in);
      } catch (Unsupported u) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("unsupported", u.getMessage());
        answer = Json.write(m);
      }
    } catch (Throwable t) {
      // Not swallowed: the trace and a last summary line on stderr, and a non-zero exit.
      t.printStackTrace(System.err);
      StackTraceElement[] st = t.getStackTrace();
      System.err.println("tronicek adapter: " + t + (st.length > 0 ? " at " + st[0] : ""));
      System.exit(2);
      return;
    }
    out.println(answer);
    out.flush();
  }

  static String readAll(InputStream in) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    in.transferTo(b);
    return b.toString(StandardCharsets.UTF_8);
  }

  // ---------------------------------------------------------------------------------------------
  // mapping

  static Color colour(String side) {
    switch (side) {
      case "even":
        return Color.W;
      case "odd":
        return Color.B;
      default:
        throw new IllegalArgumentException("no side " + side);
    }
  }

  static String side(Color c) {
    return c == Color.W ? "even" : "odd";
  }

  static String other(String side) {
    return side.equals("even") ? "odd" : "even";
  }

  /** {row, col} of a square: row = file index, col = rank - 1. */
  static int[] rc(String square) {
    int file = square.charAt(0) - 'a';
    int rank = Integer.parseInt(square.substring(1));
    if (file < 0 || file >= ROWS || rank < 1 || rank > COLS)
      throw new IllegalArgumentException("no square " + square);
    return new int[] {file, rank - 1};
  }

  static String square(int row, int col) {
    return "" + (char) ('a' + row) + (col + 1);
  }

  static char letter(String shape) {
    switch (shape) {
      case "round":
        return 'C';
      case "triangle":
        return 'T';
      case "square":
        return 'S';
      case "pyramid":
        return 'P';
      default:
        throw new IllegalArgumentException("no shape " + shape);
    }
  }

  static List<Long> layers(Map<String, Object> man) {
    List<Long> out = new ArrayList<>();
    Object l = man.get("layers");
    if (l != null) {
      for (Object v : Json.array(l)) out.add(Json.num(v));
    } else {
      for (long v : Json.str(man.get("side")).equals("even") ? EVEN_KING : ODD_KING) out.add(v);
    }
    return out;
  }

  /** The engine's layout token of a man: "WC2", "BT12", a king "P,W,C1,C4,T9,...". */
  static String token(Map<String, Object> man, String fightsFor) {
    char c = colour(fightsFor) == Color.W ? 'W' : 'B';
    char shape = letter(Json.str(man.get("shape")));
    if (shape == 'P') {
      String kingSide = Json.str(man.get("side"));
      StringBuilder b = new StringBuilder("P,").append(c);
      for (long v : layers(man)) b.append(',').append(layerShape(kingSide, v)).append(v);
      return b.toString();
    }
    return "" + c + shape + Json.num(man.get("value"));
  }

  /** A man taken (off the board), as an engine piece of the given colour (for the counts only). */
  static Piece offBoard(Map<String, Object> man, Color c) {
    char shape = letter(Json.str(man.get("shape")));
    if (shape == 'P') {
      String kingSide = Json.str(man.get("side"));
      StringBuilder b = new StringBuilder("P,").append(c == Color.W ? 'W' : 'B');
      for (long v : layers(man)) b.append(',').append(layerShape(kingSide, v)).append(v);
      return new Pyramid(c, 0, 0, b.toString());
    }
    int v = (int) Json.num(man.get("value"));
    switch (shape) {
      case 'C':
        return new Circle(c, v, 0, 0);
      case 'T':
        return new Triangle(c, v, 0, 0);
      default:
        return new Square(c, v, 0, 0);
    }
  }

  static String[] layout(List<Object> men) {
    String[][] cells = new String[ROWS][COLS];
    for (String[] row : cells) java.util.Arrays.fill(row, "---");
    for (Object o : men) {
      Map<String, Object> man = Json.object(o);
      int[] p = rc(Json.str(man.get("square")));
      cells[p[0]][p[1]] = token(man, Json.str(man.get("side")));
    }
    String[] rows = new String[ROWS];
    for (int i = 0; i < ROWS; i++) rows[i] = String.join(" ", cells[i]);
    return rows;
  }

  // ---------------------------------------------------------------------------------------------
  // one case

  /** The common victory agreed: the engine's Victory and its goals (bodies, digits, value). */
  static final class Agreement {
    final String name;
    final Victory victory;
    final int bodies, digits, value;

    Agreement(String name, Victory victory, int bodies, int digits, int value) {
      this.name = name;
      this.victory = victory;
      this.bodies = bodies;
      this.digits = digits;
      this.value = value;
    }
  }

  static int opt(Map<String, Object> m, String k) {
    return m.containsKey(k) ? (int) Json.num(m.get(k)) : 0;
  }

  static Agreement agreement(Object a) throws Unsupported {
    if (a == null) return new Agreement(null, Victory.NONE, 0, 0, 0);
    Map<String, Object> m = Json.object(a);
    String name = Json.str(m.get("name"));
    int men = opt(m, "men"), chars = opt(m, "characters"), sum = opt(m, "sum");
    switch (name) {
      case "bodies":
        return new Agreement(name, Victory.BODIES, men, 0, 0);
      case "goods":
        return new Agreement(name, Victory.GOODS, 0, 0, sum);
      case "quarrel":
        return new Agreement(name, Victory.QUARREL, 0, chars, sum);
      case "honour":
        return new Agreement(name, Victory.HONOR, men, 0, sum);
      case "honour-and-quarrel":
        return new Agreement(name, Victory.HONOR_AND_QUARREL, men, chars, sum);
      default:
        throw new Unsupported(
            "the engine has no " + name + " victory (Victory.java: bodies, goods, quarrel, honor,"
                + " honor and quarrel)");
    }
  }

  static String run(Map<String, Object> in) throws Unsupported {
    int kind = (int) Json.num(in.get("kind"));
    Agreement agreed = agreement(in.get("agreement"));
    Map<String, Object> options = Json.objectOr(in.get("options"));
    if (Boolean.TRUE.equals(options.get("proportion-taking")))
      throw new Unsupported("the engine has no taking by proportion (Board.java 99-108: encounter,"
          + " eruption, deceit and siege only)");
    Map<String, Object> position = Json.object(in.get("position"));
    List<Object> men = Json.array(position.get("men"));
    if (kind == 2) cossickPair(men);
    Object mv = in.get("move");
    if (mv != null && Json.object(mv).containsKey("enter"))
      throw new Unsupported("the engine has no entering of prisoners: men taken are only counted"
          + " (VictoryManager.java 37-70)");
    String toMove = Json.str(position.get("to_move"));

    Board b = new Board(ROWS, COLS, layout(men), agreed.victory, agreed.bodies, agreed.digits, agreed.value);

    if (mv == null) { // the victories of the side that moved last
      return answer(true, List.of(), victories(b, colour(other(toMove)), position, List.of(), agreed));
    }
    Map<String, Object> move = Json.object(mv);
    int[] from = rc(Json.str(move.get("from")));
    int[] to = rc(Json.str(move.get("to")));
    boolean flying = Boolean.TRUE.equals(move.get("flying"));
    Color mover = colour(toMove);
    Piece man = b.getPiece(from[0], from[1]);
    if (man == null || man.getColor() != mover) return answer(false, List.of(), List.of());
    Piece there = b.getPiece(to[0], to[1]);
    List<Cap> caps = new ArrayList<>();
    if (there != null) {
      // FROMxTO: the engine knows no "before the move"; its captures for the man where he stands
      // (Board.getAllCapturesForPiece, method by method), those of the man on TO. He removes into
      // the taken man's place when the man is taken whole.
      if (flying || there.getColor() == mover) return answer(false, List.of(), List.of());
      for (Cap c : capturesOf(b, man, kind)) if (c.row == to[0] && c.col == to[1]) caps.add(c);
      if (caps.isEmpty()) return answer(false, List.of(), List.of());
      boolean whole = false;
      for (Cap c : caps) whole |= !c.layer;
      if (whole) {
        b.setPiece(to[0], to[1], null);
        b.makeMove(man, new Pos(to[0], to[1]));
        caps.addAll(capturesOf(b, man, kind));
      }
    } else {
      boolean legal = false;
      for (Move m : man.findMoves(b)) {
        if (m.getEndRow() == to[0] && m.getEndCol() == to[1] && leap(from, to) == flying) legal = true;
      }
      if (!legal) return answer(false, List.of(), List.of());
      b.makeMove(man, new Pos(to[0], to[1]));
      caps.addAll(capturesOf(b, man, kind));
    }
    // The engine moves nothing off the board: the adapter removes the men taken whole (a king's
    // layers cannot be removed: nothing in the engine does that), then asks for the victories.
    List<Piece> taken = new ArrayList<>();
    Map<String, Cap> once = new TreeMap<>();
    for (Cap c : caps) once.putIfAbsent(c.row + "," + c.col + "," + c.value + "," + c.layer, c);
    for (Cap c : once.values()) {
      if (!c.layer) {
        Piece p = b.getPiece(c.row, c.col);
        if (p == null || p == man) continue;
        b.setPiece(c.row, c.col, null);
      }
      taken.add(c.piece);
    }
    return answer(true, json(caps), victories(b, mover, position, taken, agreed));
  }

  static boolean leap(int[] from, int[] to) {
    int dr = Math.abs(to[0] - from[0]), dc = Math.abs(to[1] - from[1]);
    return dr != 0 && dc != 0 && dr != dc;
  }

  static void cossickPair(List<Object> men) throws Unsupported {
    for (Object o1 : men) {
      Map<String, Object> a = Json.object(o1);
      for (Object o2 : men) {
        Map<String, Object> p = Json.object(o2);
        if (a.get("side").equals(p.get("side")) || a.get("value") == null || p.get("value") == null) continue;
        for (long[] rp : COSSICK) {
          if (Json.num(a.get("value")) == rp[0] && Json.num(p.get("value")) == rp[1])
            throw new Unsupported("second kind: the engine has no taking by cossick signs, and "
                + a.get("square") + " (" + rp[0] + ") and " + p.get("square") + " (" + rp[1]
                + ") are a root and his power of opposite sides");
        }
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // captures

  static final class Cap {
    final String method, engine;
    final Piece piece;
    final int row, col, value;
    final boolean layer;
    final List<String> takers;

    Cap(String method, String engine, Piece piece, boolean layer, List<String> takers) {
      this.method = method;
      this.engine = engine;
      this.piece = piece;
      this.row = piece.getRow();
      this.col = piece.getCol();
      this.value = piece.getValue();
      this.layer = layer;
      this.takers = takers;
    }
  }

  /** A returned piece is a king's layer when the board holds a king on its square and it is not he. */
  static boolean isLayer(Board b, Piece p) {
    if (!b.isValidPos(p.getRow(), p.getCol())) return false;
    Piece there = b.getPiece(p.getRow(), p.getCol());
    return there instanceof Pyramid && there != p && !"P".equals(p.getShape());
  }

  /**
   * The engine's captures for a man where he stands (Board.getAllCapturesForPiece calls the same
   * four methods and unites their sets), each under its method's name, with the takers.
   */
  static List<Cap> capturesOf(Board b, Piece man, int kind) {
    List<Cap> out = new ArrayList<>();
    String at = square(man.getRow(), man.getCol());
    for (Piece p : man.captureByEncounter(b))
      out.add(new Cap(kind == 3 ? "encountering" : "equality", "captureByEncounter", p, isLayer(b, p), List.of(at)));
    for (Piece p : man.captureByEruption(b)) {
      String m = kind == 3 ? "eruption" : p.getValue() > man.getValue() ? "multiplication-by-spaces" : "division-by-spaces";
      out.add(new Cap(m, "captureByEruption", p, isLayer(b, p), List.of(at)));
    }
    for (Piece p : man.captureByDeceit(b)) {
      // Board.deceitCaptureHelper: the ally stands on the far side of the taken man, in line
      int ar = 2 * p.getRow() - man.getRow(), ac = 2 * p.getCol() - man.getCol();
      List<String> t = new ArrayList<>(List.of(at));
      if (b.isValidPos(ar, ac)) t.add(square(ar, ac));
      out.add(new Cap(kind == 3 ? "lying-in-wait" : "addition", "captureByDeceit", p, isLayer(b, p), t));
    }
    for (Piece p : man.captureBySiege(b)) {
      // Board.isSurrounded: every on-board orthogonal neighbour an enemy, or else every diagonal one
      int[][] ring = b.isSurroundedOrthogonally(p)
          ? new int[][] {{-1, 0}, {1, 0}, {0, -1}, {0, 1}}
          : new int[][] {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}};
      List<String> t = new ArrayList<>();
      for (int[] d : ring) {
        int r = p.getRow() + d[0], c = p.getCol() + d[1];
        if (b.isValidPos(r, c)) t.add(square(r, c));
      }
      out.add(new Cap("obsidion", "captureBySiege", p, false, t));
    }
    return out;
  }

  static List<Map<String, Object>> json(List<Cap> caps) {
    TreeMap<String, Map<String, Object>> out = new TreeMap<>();
    for (Cap c : caps) {
      List<String> takers = new ArrayList<>(c.takers);
      takers.sort(null);
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("method", c.method);
      m.put("taken", square(c.row, c.col));
      m.put("takers", takers);
      m.put("value", (long) c.value);
      if (c.layer) m.put("layer", true);
      m.put("engine", c.engine);
      out.putIfAbsent(c.method + " " + m.get("taken") + " " + takers + " " + c.value, m);
    }
    return new ArrayList<>(out.values());
  }

  // ---------------------------------------------------------------------------------------------
  // victories

  static List<Map<String, Object>> victories(
      Board b, Color who, Map<String, Object> position, List<Piece> takenNow, Agreement agreed) {
    VictoryManager vm = new VictoryManager(b, agreed.victory, agreed.bodies, agreed.digits, agreed.value);
    List<Map<String, Object>> out = new ArrayList<>();
    // The triumph ("glorious victories"), the greatest first as VictoryManager.checkForVictory
    // orders them; Magna asked directly (checkForVictory asks checkVictoriaMayor in its place,
    // VictoryManager.java 108).
    String triumph = vm.checkVictoriaExcelentisma(who) ? "greatest-triumph"
        : vm.checkVictoriaMayor(who) ? "greater-triumph"
        : vm.checkVictoriaMagna(who) ? "great-triumph" : null;
    if (triumph != null) out.add(victory(triumph, who));
    if (agreed.name != null) {
      // the men each side has taken, then this move's, counted by VictoryManager.capture
      Map<String, Object> taken = Json.objectOr(position.get("taken"));
      for (String s : new String[] {"even", "odd"}) {
        Color loser = colour(other(s));
        for (Object m : Json.arrayOr(taken.get(s))) vm.capture(offBoard(Json.object(m), loser));
      }
      for (Piece p : takenNow) vm.capture(p);
      Victory v = vm.checkForVictory(who);
      String name = null;
      switch (v) {
        case BODIES:
          name = "bodies";
          break;
        case GOODS:
          name = "goods";
          break;
        case QUARREL:
          name = "quarrel";
          break;
        case HONOR:
          name = "honour";
          break;
        case HONOR_AND_QUARREL:
          name = "honour-and-quarrel";
          break;
        default: // NONE, or a glorious victory (reported above)
      }
      if (name != null) out.add(victory(name, who));
    }
    return out;
  }

  static Map<String, Object> victory(String name, Color who) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("victory", name);
    m.put("side", side(who));
    return m;
  }

  static String answer(boolean legal, List<Map<String, Object>> captures, List<Map<String, Object>> victories) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("legal", legal);
    m.put("captures", captures);
    m.put("victories", victories);
    return Json.write(m);
  }
}
