// Ludii's own Rithmomachia.lud played through the protocol (our own code; no Ludii code is copied).
//
// Ludii's game (Common/res/lud/board/war/replacement/eliminate/target/Rithmomachia.lud, credit Eric
// Piette, after Stigter 2007) is loaded by name from the user's Ludii and asked only through its API:
//  * pieces Disc, Triangle, Square of P1 (the even side) and P2 (odd), the number as the site's value;
//    a king is a stack of his layers, the greatest square at the bottom (level 0), 1 (or 16) on top;
//  * a man takes only by moving onto an enemy (the move legal when one of its capture conditions holds),
//    the whole stack there removed; obsidion ("Encirclement") is a move of its own, which no protocol move
//    names; no flight, no prisoner;
//  * the game ends when the mover stands three men in a progression (the end rule): a great triumph.
// Ludii does not say by which condition a man was taken: the adapter names it by the arithmetic of the
// game's conditions (CaptureConditions: multiplication and division with distance, then addition,
// subtraction, multiplication, division with a helper, the helpers being the mover's other men with a
// legal move onto the same enemy), and reports each condition that holds (ENGINE.md).

import game.types.board.SiteType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import main.Constants;
import other.action.move.ActionAdd;
import other.action.move.remove.ActionRemove;
import other.move.Move;
import other.state.container.ContainerState;

final class LudiiOwn {
  private LudiiOwn() {}

  // the book's table of the kings: each layer's shape (the protocol gives a king's layers by number)
  static String layerShape(String side, long value) throws Adapter.Unsupported {
    if (side.equals("even")) {
      if (value == 1 || value == 4) return "Disc";
      if (value == 9 || value == 16) return "Triangle";
      if (value == 25 || value == 36) return "Square";
    } else {
      if (value == 16) return "Disc";
      if (value == 25 || value == 36) return "Triangle";
      if (value == 49 || value == 64) return "Square";
    }
    throw new Adapter.Unsupported("no layer " + value + " in the " + side + " king");
  }

  static String piece(String shape) throws Adapter.Unsupported {
    switch (shape) {
      case "round": return "Disc";
      case "triangle": return "Triangle";
      case "square": return "Square";
      default: throw new Adapter.Unsupported("no piece for a " + shape);
    }
  }

  static void add(Adapter.Session s, int site, String name, int player, long value) {
    new ActionAdd(SiteType.Cell, site, s.component(name + player), 1, Constants.UNDEFINED, Constants.UNDEFINED,
        (int) value, Boolean.TRUE).apply(s.context, false);
  }

  static void setPosition(Adapter.Session s, Map<String, Object> pos) throws Adapter.Unsupported {
    ContainerState board = s.context.containerState(0);
    for (int site = 0; site < s.game.board().numSites(); site++)
      while (board.sizeStackCell(site) > 0)
        ActionRemove.construct(SiteType.Cell, site, board.sizeStackCell(site) - 1, true).apply(s.context, false);
    for (Object o : Json.array(pos.get("men"))) {
      Map<String, Object> m = Json.object(o);
      String side = Json.str(m.get("side")), shape = Json.str(m.get("shape"));
      int player = side.equals("even") ? 1 : 2;
      int site = s.site(Json.str(m.get("square")));
      if (shape.equals("pyramid")) {
        List<Object> layers = new ArrayList<>(Json.array(m.get("layers")));
        java.util.Collections.reverse(layers); // the greatest square at the bottom
        for (Object l : layers) add(s, site, layerShape(side, Json.num(l)), player, Json.num(l));
      } else {
        add(s, site, piece(shape), player, Json.num(m.get("value")));
      }
    }
    s.setMover(Json.str(pos.get("to_move")).equals("even") ? 1 : 2);
  }

  static int steps(Adapter.Session s, int a, int b) {
    return Math.max(Math.abs(a % s.files - b % s.files), Math.abs(a / s.files - b / s.files));
  }

  static Map<String, Object> capture(Adapter.Session s, String method, int victim, long value, int... takers) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("method", method);
    c.put("taken", s.square(victim));
    TreeSet<String> t = new TreeSet<>();
    for (int x : takers) t.add(s.square(x));
    c.put("takers", new ArrayList<>(t));
    c.put("value", value);
    c.put("engine", "Ludii's CaptureConditions; named by the adapter (ENGINE.md)");
    return c;
  }

  static Map<String, Object> play(Adapter.Session s, Map<String, Object> mv, Map<String, Object> in)
      throws Adapter.Unsupported {
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("legal", false);
    result.put("captures", new ArrayList<>());
    result.put("victories", new ArrayList<>());
    if (mv.containsKey("enter") || mv.containsKey("ransom")) return result; // no prisoner, no ransom
    if (Boolean.TRUE.equals(mv.get("flying"))) return result; // no flight
    int from = s.site(Json.str(mv.get("from"))), to = s.site(Json.str(mv.get("to")));
    List<Move> legal = new ArrayList<>();
    for (Move m : s.game.moves(s.context).moves()) legal.add(m);
    Move chosen = null;
    for (Move m : legal) if (m.fromNonDecision() == from && m.toNonDecision() == to) chosen = m;
    if (chosen == null) return result;
    ContainerState board = s.context.containerState(0);
    List<Object> caps = new ArrayList<>();
    if (board.sizeStackCell(to) > 0) {
      // the man on `to` is taken: every condition of Ludii's that holds, with the values Ludii reads
      long v = board.valueCell(to, 0); // Ludii reads the enemy at level 0 (its base)
      List<Long> mine = new ArrayList<>();
      for (int l = 0; l < board.sizeStackCell(from); l++) mine.add((long) board.valueCell(from, l));
      int d = steps(s, from, to);
      List<Integer> helpers = new ArrayList<>();
      for (Move m : legal)
        if (m.toNonDecision() == to && m.fromNonDecision() != from && !helpers.contains(m.fromNonDecision()))
          helpers.add(m.fromNonDecision());
      TreeSet<String> seen = new TreeSet<>();
      for (long a : mine) {
        if (a * d == v && seen.add("mwd")) caps.add(capture(s, "multiplication-with-distance", to, v, from));
        if (d != 0 && a / d == v && seen.add("dwd")) caps.add(capture(s, "division-with-distance", to, v, from));
        for (int h : helpers) {
          long b = board.valueCell(h, 0);
          String[][] tests = {{"addition", a + b == v ? "y" : ""}, {"subtraction", Math.abs(a - b) == v ? "y" : ""},
            {"multiplication", a * b == v ? "y" : ""},
            {"division", (b != 0 && a / b == v) || (a != 0 && b / a == v) ? "y" : ""}};
          for (String[] t : tests)
            if (!t[1].isEmpty() && seen.add(t[0] + h)) caps.add(capture(s, t[0], to, v, from, h));
        }
      }
    }
    String side = s.playerSide[s.context.state().mover()];
    s.game.apply(s.context, chosen);
    result.put("legal", true);
    result.put("captures", caps);
    result.put("victories", victories(s, side));
    return result;
  }

  /** Ludii's one end (the progression, the enemy's stacks gone) as a great triumph of the side. */
  static List<Object> victories(Adapter.Session s, String side) {
    List<Object> out = new ArrayList<>();
    int p = side.equals("even") ? 1 : 2;
    if (s.context.trial().over() && s.context.trial().status() != null
        && s.context.trial().status().winner() == p) {
      Map<String, Object> v = new LinkedHashMap<>();
      v.put("victory", "great-triumph");
      v.put("side", side);
      out.add(v);
    }
    return out;
  }

  static Map<String, Object> positionJson(Adapter.Session s) {
    return Map.of();
  }
}
