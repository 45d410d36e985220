// rithmocheck conformance adapter for Phalenopsis/rithmo-engine (our own code; no engine code is copied).
//
// Protocol (docs/conformance.md): one JSON object on stdin (the case's position, move, ruleset, kind,
// agreement), one JSON object on stdout: {"legal", "captures", "victories"} or {"unsupported": why}.
// The engine is called only through its public API, from a build of the user's checkout (prepare.sh).
// See ENGINE.md for the mapping of the engine's notions onto the protocol.
//
// Sides: even = BLACK (the engine's Escale set-up: BLACK bears the king 91 and has its home at x 0-3),
//        odd = WHITE.
// Squares: our file a-h, rank 1-16 -> engine Position(x = rank - 1, y = file index).

import eu.nicosworld.rithmo.engine.capture.CaptureEngine;
import eu.nicosworld.rithmo.engine.capture.CaptureType;
import eu.nicosworld.rithmo.engine.capture.capturerule.AmbushRule;
import eu.nicosworld.rithmo.engine.capture.capturerule.AssaultRule;
import eu.nicosworld.rithmo.engine.capture.capturerule.CaptureRule;
import eu.nicosworld.rithmo.engine.capture.capturerule.EncounterRule;
import eu.nicosworld.rithmo.engine.capture.capturerule.ImprisonmentRule;
import eu.nicosworld.rithmo.engine.capture.capturerule.PowerRule;
import eu.nicosworld.rithmo.engine.capture.capturerule.ProgressionRule;
import eu.nicosworld.rithmo.engine.capture.justification.AmbushJustification;
import eu.nicosworld.rithmo.engine.capture.justification.AmbushOperator;
import eu.nicosworld.rithmo.engine.capture.justification.AssaultJustification;
import eu.nicosworld.rithmo.engine.capture.justification.AssaultOperator;
import eu.nicosworld.rithmo.engine.capture.model.CaptureAction;
import eu.nicosworld.rithmo.engine.capture.model.CaptureContext;
import eu.nicosworld.rithmo.engine.capture.model.InvolvedPiece;
import eu.nicosworld.rithmo.engine.math.progression.model.ProgressionEvidence;
import eu.nicosworld.rithmo.engine.model.Board;
import eu.nicosworld.rithmo.engine.model.GameState;
import eu.nicosworld.rithmo.engine.model.Piece;
import eu.nicosworld.rithmo.engine.model.PieceAtPosition;
import eu.nicosworld.rithmo.engine.model.PieceType;
import eu.nicosworld.rithmo.engine.model.Player;
import eu.nicosworld.rithmo.engine.model.PlayerAssets;
import eu.nicosworld.rithmo.engine.model.PlayerColor;
import eu.nicosworld.rithmo.engine.model.Position;
import eu.nicosworld.rithmo.engine.model.Pyramid;
import eu.nicosworld.rithmo.engine.model.SimplePiece;
import eu.nicosworld.rithmo.engine.model.victory.BodyVictory;
import eu.nicosworld.rithmo.engine.model.victory.GoodsVictory;
import eu.nicosworld.rithmo.engine.model.victory.LawsuitVictory;
import eu.nicosworld.rithmo.engine.model.victory.ProperVictory;
import eu.nicosworld.rithmo.engine.model.victory.Victory;
import eu.nicosworld.rithmo.engine.move.FreePathMovementValidator;
import eu.nicosworld.rithmo.engine.move.Move;
import eu.nicosworld.rithmo.engine.move.MoveNature;
import eu.nicosworld.rithmo.engine.move.MovementEngine;
import eu.nicosworld.rithmo.engine.move.RegularMoveGenerator;
import eu.nicosworld.rithmo.engine.reintroduction.Reintroduction;
import eu.nicosworld.rithmo.engine.reintroduction.ReintroductionEngine;
import eu.nicosworld.rithmo.engine.setup.BoardBuilder;
import eu.nicosworld.rithmo.engine.threat.RegularThreatEngine;
import eu.nicosworld.rithmo.engine.victory.BodyVictoryRule;
import eu.nicosworld.rithmo.engine.victory.GoodsVictoryRule;
import eu.nicosworld.rithmo.engine.victory.LawsuitVictoryRule;
import eu.nicosworld.rithmo.engine.victory.ProperVictoryRule;
import eu.nicosworld.rithmo.engine.victory.VictoryEngine;
import eu.nicosworld.rithmo.engine.victory.VictoryRule;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

public class Adapter {

  /** A case the engine cannot be asked: answered {"unsupported": why}. */
  static final class Unsupported extends Exception {
    Unsupported(String why) {
      super(why);
    }
  }

  // The engine's capture rules, all of them (the engine has one rule set; it knows no "kinds").
  static final RegularMoveGenerator GEN = new RegularMoveGenerator();
  static final FreePathMovementValidator VAL = new FreePathMovementValidator();
  static final CaptureEngine CAPTURES =
      new CaptureEngine(
          List.<CaptureRule>of(
              new EncounterRule(),
              new AmbushRule(),
              new AssaultRule(),
              new PowerRule(),
              new ProgressionRule(),
              new ImprisonmentRule(VAL, GEN)));
  static final RegularThreatEngine THREATS = new RegularThreatEngine(GEN, VAL);

  // The layers of each side's king, by number, and their shapes (the book's table "Of the kings",
  // lines 392ff: the ruleset's table "kings"). The protocol gives a king's layers by number only.
  static PieceType layerShape(String side, int value) {
    if (side.equals("even")) {
      if (value == 1 || value == 4) return PieceType.CIRCLE;
      if (value == 9 || value == 16) return PieceType.TRIANGLE;
      if (value == 25 || value == 36) return PieceType.SQUARE;
    } else {
      if (value == 16) return PieceType.CIRCLE;
      if (value == 25 || value == 36) return PieceType.TRIANGLE;
      if (value == 49 || value == 64) return PieceType.SQUARE;
    }
    throw new IllegalArgumentException("no layer " + value + " in the " + side + " king");
  }

  static final long[] EVEN_KING = {1, 4, 9, 16, 25, 36};
  static final long[] ODD_KING = {16, 25, 36, 49, 64};

  public static void main(String[] args) {
    PrintStream out = System.out;
    // Whatever the engine might print goes nowhere; our answer is printed on the real stdout.
    System.setOut(new PrintStream(OutputStream.nullOutputStream()));
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
      System.err.println(
          "phalenopsis adapter: " + t + (st.length > 0 ? " at " + st[0] : ""));
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

  static PlayerColor colour(String side) {
    switch (side) {
      case "even":
        return PlayerColor.BLACK;
      case "odd":
        return PlayerColor.WHITE;
      default:
        throw new IllegalArgumentException("no side " + side);
    }
  }

  static String side(Player p) {
    return p.getColor() == PlayerColor.BLACK ? "even" : "odd";
  }

  static String other(String side) {
    return side.equals("even") ? "odd" : "even";
  }

  static Position pos(String square) {
    int file = square.charAt(0) - 'a';
    int rank = Integer.parseInt(square.substring(1));
    if (file < 0 || file > 7 || rank < 1 || rank > 16)
      throw new IllegalArgumentException("no square " + square);
    return new Position(rank - 1, file);
  }

  static String square(Position p) {
    return "" + (char) ('a' + p.getY()) + (p.getX() + 1);
  }

  static PieceType type(String shape) {
    switch (shape) {
      case "round":
        return PieceType.CIRCLE;
      case "triangle":
        return PieceType.TRIANGLE;
      case "square":
        return PieceType.SQUARE;
      case "pyramid":
        return PieceType.PYRAMID;
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
      for (long v : man.get("side").equals("even") ? EVEN_KING : ODD_KING) out.add(v);
    }
    return out;
  }

  /** A man off the board (taken, or in hand), as an engine piece of the side he came from. */
  static Piece offBoard(Map<String, Object> man) {
    String side = Json.str(man.get("side"));
    Player owner = Player.of(colour(side));
    PieceType t = type(Json.str(man.get("shape")));
    if (t == PieceType.PYRAMID) {
      List<SimplePiece> parts = new ArrayList<>();
      for (long v : layers(man)) parts.add(new SimplePiece(layerShape(side, (int) v), owner, (int) v));
      return new Pyramid(owner, parts);
    }
    return new SimplePiece(t, owner, (int) Json.num(man.get("value")));
  }

  static Board board(List<Object> men) {
    BoardBuilder bb = new BoardBuilder();
    for (Object o : men) {
      Map<String, Object> man = Json.object(o);
      String side = Json.str(man.get("side"));
      PieceType t = type(Json.str(man.get("shape")));
      Position p = pos(Json.str(man.get("square")));
      if (t == PieceType.PYRAMID) {
        bb.piece(PieceType.PYRAMID, 0, colour(side));
        for (long v : layers(man)) bb.withComponent(layerShape(side, (int) v), (int) v);
      } else {
        bb.piece(t, (int) Json.num(man.get("value")), colour(side));
      }
      bb.at(p.getX(), p.getY());
    }
    return bb.build();
  }

  static Map<PlayerColor, PlayerAssets> assets(Map<String, Object> position) {
    Map<PlayerColor, PlayerAssets> out = new EnumMap<>(PlayerColor.class);
    Map<String, Object> taken = Json.objectOr(position.get("taken"));
    Map<String, Object> hand = Json.objectOr(position.get("hand"));
    for (String side : new String[] {"even", "odd"}) {
      PlayerAssets a = PlayerAssets.empty();
      for (Object m : Json.arrayOr(taken.get(side))) a = a.addCaptured(offBoard(Json.object(m)));
      // the engine's reserve holds a prisoner turned to his taker's colour (PlayerAssets.addToReserve)
      for (Object m : Json.arrayOr(hand.get(side))) a = a.addToReserve(offBoard(Json.object(m)));
      out.put(colour(side), a);
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------------
  // one case

  static String run(Map<String, Object> in) throws Unsupported {
    int kind = (int) Json.num(in.get("kind"));
    Map<String, Object> agreement = in.get("agreement") == null ? null : Json.object(in.get("agreement"));
    List<VictoryRule> common = commonRules(agreement); // unsupported agreements stop here
    Map<String, Object> position = Json.object(in.get("position"));
    Board board = board(Json.array(position.get("men")));
    Map<PlayerColor, PlayerAssets> assets = assets(position);
    String toMove = Json.str(position.get("to_move"));
    Object mv = in.get("move");

    if (mv == null) { // the victories of the side that moved last
      Player last = Player.of(colour(other(toMove)));
      GameState s = new GameState(board, last, assets);
      return answer(true, List.of(), victories(s, common));
    }
    Map<String, Object> move = Json.object(mv);
    Player mover = Player.of(colour(toMove));
    GameState s0 = new GameState(board, mover, assets);
    List<CaptureAction> taken = new ArrayList<>();
    GameState after;

    if (move.containsKey("enter")) {
      // A prisoner entered: the engine's ReintroductionEngine lists the reserve men and the squares
      // of the mover's own back column (x = 0 for BLACK, 15 for WHITE) they may be set on.
      Map<String, Object> man = Json.object(move.get("enter"));
      Position to = pos(Json.str(move.get("to")));
      PieceType t = type(Json.str(man.get("shape")));
      long value = Json.num(man.get("value"));
      Reintroduction chosen = null;
      for (Reintroduction r : new ReintroductionEngine().generateReintroduction(s0)) {
        if (r.piece().getType() == t && r.piece().getValue() == value && r.position().equals(to)) {
          chosen = r;
          break;
        }
      }
      if (chosen == null) return answer(false, List.of(), List.of());
      PlayerAssets a = s0.assetsOf(mover).removeFromReserve(chosen.piece());
      GameState s1 = new GameState(board.addPiece(to, chosen.piece()), mover, s0.assets())
          .withAssets(mover.getColor(), a);
      List<CaptureAction> post = postMove(s1, new PieceAtPosition(chosen.piece(), to));
      taken.addAll(post);
      after = apply(s1, post);
    } else {
      Position from = pos(Json.str(move.get("from")));
      Position to = pos(Json.str(move.get("to")));
      boolean flying = Boolean.TRUE.equals(move.get("flying"));
      Piece man = board.getPieceAt(from);
      if (man == null || man.getPlayer() != mover) return answer(false, List.of(), List.of());
      PieceAtPosition at0 = new PieceAtPosition(man, from);
      Piece there = board.getPieceAt(to);
      if (there != null) {
        // FROMxTO: an enemy already in danger before the move, taken by the man at FROM, who removes
        // into his place. The engine's captures "before the move": the actor at his start square
        // (findActiveCaptures + findPreMoveCaptures), those of the man on TO with this actor.
        if (flying || there.getPlayer() == mover) return answer(false, List.of(), List.of());
        CaptureContext c0 = context(s0, at0);
        List<CaptureAction> pre = new ArrayList<>(CAPTURES.findActiveCaptures(c0));
        pre.addAll(CAPTURES.findPreMoveCaptures(c0));
        pre.removeIf(c -> !c.targetPosition().equals(to) || c.actor() == null
            || !c.actor().position().equals(from));
        if (pre.isEmpty()) return answer(false, List.of(), List.of());
        taken.addAll(pre);
        GameState s1 = apply(s0, pre);
        if (s1.board().isEmpty(to)) { // the whole man taken: the taker is set on his square
          GameState s2 = s1.withBoard(s1.board().move(from, to));
          List<CaptureAction> post = postMove(s2, new PieceAtPosition(man, to));
          taken.addAll(post);
          after = apply(s2, post);
        } else { // only a layer of a king taken: he stays, and so does the taker
          after = s1;
        }
      } else {
        MoveNature want = flying ? MoveNature.IRREGULAR : MoveNature.REGULAR;
        boolean legal = false;
        for (Move m : new MovementEngine().generateMoves(s0, at0)) {
          if (m.to().equals(to) && m.nature() == want) legal = true;
        }
        if (!legal) return answer(false, List.of(), List.of());
        GameState s1 = s0.withBoard(board.move(from, to));
        List<CaptureAction> post = postMove(s1, new PieceAtPosition(man, to));
        if (flying) {
          // doc/capture.fr.md line 12: an irregular move makes no arithmetic capture; imprisonment
          // excepted. The engine leaves this to its caller (rithmo-core); the adapter is that caller.
          post.removeIf(c -> c.type() != CaptureType.IMPRISONMENT);
        }
        taken.addAll(post);
        after = apply(s1, post);
      }
    }
    return answer(true, captures(taken, kind), victories(after, common));
  }

  static CaptureContext context(GameState s, PieceAtPosition actor) {
    return new CaptureContext(s, actor, THREATS.findRegularThreats(s, actor));
  }

  /** The engine's captures once the man is set down: his own (active) and the sieges he completes. */
  static List<CaptureAction> postMove(GameState s, PieceAtPosition actor) {
    CaptureContext c = context(s, actor);
    List<CaptureAction> out = new ArrayList<>(CAPTURES.findActiveCaptures(c));
    out.addAll(CAPTURES.findPostMoveCaptures(c));
    return out;
  }

  /**
   * The position after the captures (each man or layer removed once, whole men first) with the
   * taken men added to the taker's captured list (PlayerAssets.addCaptured), for the victories.
   */
  static GameState apply(GameState s, List<CaptureAction> captures) {
    Board b = s.board();
    PlayerAssets a = s.assetsOf(s.currentPlayer());
    Set<String> done = new HashSet<>();
    List<CaptureAction> ordered = new ArrayList<>();
    for (CaptureAction c : captures) if (c.isWholeCapture()) ordered.add(c);
    for (CaptureAction c : captures) if (!c.isWholeCapture()) ordered.add(c);
    for (CaptureAction c : ordered) {
      InvolvedPiece t = c.target();
      Piece onBoard = b.getPieceAt(c.targetPosition());
      if (onBoard == null || !onBoard.getId().equals(t.parentPiece().getId())) continue; // gone
      if (c.isWholeCapture()) {
        if (!done.add(onBoard.getId())) continue;
        b = b.removePiece(c.targetPosition());
        a = a.addCaptured(onBoard);
      } else {
        if (!done.add(onBoard.getId() + "/" + c.capturedPiece().getId())) continue;
        Pyramid king = ((Pyramid) onBoard).removeComponent(c.capturedPiece());
        b = king.getComponents().isEmpty()
            ? b.removePiece(c.targetPosition())
            : b.replacePiece(c.targetPosition(), king);
        a = a.addCaptured(c.capturedPiece());
      }
    }
    return new GameState(b, s.currentPlayer(), s.assets()).withAssets(s.currentPlayer().getColor(), a);
  }

  // ---------------------------------------------------------------------------------------------
  // the answer

  /** The engine's capture kinds under our method names (ENGINE.md has the table). */
  static String method(CaptureAction c, int kind) {
    switch (c.type()) {
      case ENCOUNTER:
        return kind == 3 ? "encountering" : "equality";
      case AMBUSH: {
        AmbushOperator op = ((AmbushJustification) c.justification()).operator();
        switch (op) {
          case ADD:
            return kind == 3 ? "lying-in-wait" : "addition";
          case SUBTRACT:
          case SUBTRACT_INV:
            return "subtraction";
          case MULTIPLY:
            return "multiplication";
          default:
            return "division";
        }
      }
      case ASSAULT: {
        if (kind == 3) return "eruption";
        AssaultOperator op = ((AssaultJustification) c.justification()).operator();
        return op == AssaultOperator.MULTIPLY ? "multiplication-by-spaces" : "division-by-spaces";
      }
      case POWER:
        return "cossick-signs";
      case PROGRESSION:
        return "proportion";
      case IMPRISONMENT:
        return "obsidion";
      default:
        throw new IllegalStateException("unknown capture type " + c.type());
    }
  }

  static String engineKind(CaptureAction c) {
    String j = c.type().name();
    if (c.justification() instanceof AmbushJustification aj) j += "/" + aj.operator();
    if (c.justification() instanceof AssaultJustification sj)
      j += "/" + sj.operator() + " voids=" + sj.distance();
    return j;
  }

  static List<Map<String, Object>> captures(List<CaptureAction> all, int kind) {
    TreeMap<String, Map<String, Object>> out = new TreeMap<>();
    for (CaptureAction c : all) {
      List<String> takers = new ArrayList<>();
      if (c.actor() != null) takers.add(square(c.actor().position()));
      for (InvolvedPiece s : c.supporters()) takers.add(square(s.position()));
      takers.sort(null);
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("method", method(c, kind));
      m.put("taken", square(c.targetPosition()));
      m.put("takers", takers);
      m.put("value", (long) c.capturedPiece().getValue());
      if (!c.isWholeCapture()) m.put("layer", true);
      m.put("engine", engineKind(c));
      String key = m.get("method") + " " + m.get("taken") + " " + takers + " " + m.get("value");
      out.putIfAbsent(key, m);
    }
    return new ArrayList<>(out.values());
  }

  /** The common victory agreed, as the engine's threshold rule; those it has none of: unsupported. */
  static List<VictoryRule> commonRules(Map<String, Object> agreement) throws Unsupported {
    if (agreement == null) return List.of();
    String name = Json.str(agreement.get("name"));
    switch (name) {
      case "bodies":
        return List.of(new BodyVictoryRule((int) Json.num(agreement.get("men"))));
      case "goods":
        return List.of(new GoodsVictoryRule((int) Json.num(agreement.get("sum"))));
      case "quarrel":
        // the engine's "victoire de procès" counts the figures of the men taken only (no sum)
        return List.of(new LawsuitVictoryRule((int) Json.num(agreement.get("characters"))));
      default:
        throw new Unsupported(
            "the engine has no " + name + " victory (victory/VictoryRule.java: body, goods and"
                + " lawsuit only)");
    }
  }

  static List<Map<String, Object>> victories(GameState s, List<VictoryRule> common) {
    TreeMap<String, Map<String, Object>> out = new TreeMap<>();
    for (Victory v : new VictoryEngine(common, ProperVictoryRule.fast()).evaluate(s)) {
      String name;
      if (v instanceof BodyVictory) name = "bodies";
      else if (v instanceof GoodsVictory) name = "goods";
      else if (v instanceof LawsuitVictory) name = "quarrel";
      else if (v instanceof ProperVictory pv) {
        // doc/victory.fr.md: "médiocre" one progression, "grande" two at once, "excellente" all three
        Set<Class<?>> kinds = new HashSet<>();
        for (ProgressionEvidence e : pv.justification().evidences()) kinds.add(e.getClass());
        name = kinds.size() >= 3 ? "greatest-triumph" : kinds.size() == 2 ? "greater-triumph" : "great-triumph";
      } else throw new IllegalStateException("unknown victory " + v);
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("victory", name);
      m.put("side", side(v.winner()));
      out.putIfAbsent(name + " " + m.get("side"), m);
    }
    return new ArrayList<>(out.values());
  }

  static String answer(boolean legal, List<Map<String, Object>> captures, List<Map<String, Object>> victories) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("legal", legal);
    m.put("captures", captures);
    m.put("victories", victories);
    return Json.write(m);
  }
}
