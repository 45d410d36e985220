// rithmocheck conformance adapter for Ludii (our own code; no Ludii code is copied).
//
// Ludii (the Digital Ludeme Project's general game system, CC BY-NC-ND 4.0) is used only through its
// public API (compiler.Compiler, game.Game, other.context.Context, other.move.Move) from a class path the
// user provides (Ludii's released jar, or the classes and resources of their own build): prepare.sh.
//
// Two kinds of description are played:
//  * a description rithmocheck wrote (`rithmocheck ruleset --kind N --format ludii`, a file): its
//    `// rithmocheck:` lines say how it is laid out (men as pieces with their number as value, a king's
//    layers in his state, every capture remembered in the list "Capture", each victory one clause of end);
//  * Ludii's own Rithmomachia.lud (by name, from Ludii's resources): Disc, Triangle, Square, the pyramid a
//    stack of its layers; a man taken by moving onto him, obsidion a move of its own.
//
// Modes (see ENGINE.md):
//   java ... Adapter --game FILE|NAME [--option CATEGORY/ITEM]...          the protocol: a case on stdin
//   java ... Adapter --game FILE --perft N                                 the perft of the start to depth N
//   java ... Adapter --game FILE --playout PLIES --seed S                  random plies, one JSON line each
//   java ... Adapter --game FILE --batch                                   protocol cases, one per line
// --deadline SECONDS bounds the whole run (default 300): past it the adapter stops and exits 3.
//
// Protocol (docs/conformance.md): one JSON object on stdin, one on stdout: {"legal", "captures",
// "victories"} or {"unsupported": why}.

import compiler.Compiler;
import game.Game;
import game.equipment.component.Component;
import game.equipment.other.Map;
import game.rules.end.EndRule;
import game.rules.end.If;
import game.types.board.SiteType;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import main.collections.FastArrayList;
import main.grammar.Description;
import main.grammar.Report;
import main.options.UserSelections;
import other.GameLoader;
import other.context.Context;
import other.move.Move;
import other.state.container.ContainerState;
import other.trial.Trial;

public class Adapter {

  /** A case the description cannot be asked: answered {"unsupported": why}. */
  static final class Unsupported extends Exception {
    Unsupported(String why) {
      super(why);
    }
  }

  static final String[] SIDES = {"even", "odd"};
  static final String[] SHAPES = {"round", "triangle", "square", "pyramid"};
  static final String[] PIECES = {"Round", "Triangle", "Square", "Pyramid"};

  static final String OWN = "/lud/board/war/replacement/eliminate/target/Rithmomachia.lud";
  static String gameArg;
  static final List<String> fixedOptions = new ArrayList<>();

  public static void main(String[] args) {
    PrintStream out = System.out;
    System.setOut(new PrintStream(new ByteArrayOutputStream())); // Ludii's own messages
    int perft = -1, playout = -1, deadline = 300;
    long seed = 1;
    boolean batch = false;
    if (args.length == 1 && args[0].equals("--check")) {
      // prepare.sh: Ludii's classes and its games are on the class path; its version on stdout
      if (Adapter.class.getResourceAsStream(OWN) == null) {
        System.err.println("ludii adapter: no " + OWN + " on the class path (Ludii's res/ directory or its jar)");
        System.exit(2);
      }
      out.println(main.Constants.LUDEME_VERSION);
      System.exit(0);
    }
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--game": gameArg = args[++i]; break;
        case "--option": fixedOptions.add(args[++i]); break;
        case "--perft": perft = Integer.parseInt(args[++i]); break;
        case "--playout": playout = Integer.parseInt(args[++i]); break;
        case "--seed": seed = Long.parseLong(args[++i]); break;
        case "--batch": batch = true; break;
        case "--deadline": deadline = Integer.parseInt(args[++i]); break;
        default:
          System.err.println("ludii adapter: unknown argument " + args[i]);
          System.exit(2);
      }
    }
    if (gameArg == null) {
      System.err.println("ludii adapter: --game FILE (a .lud) or --game NAME (a game of Ludii's) is needed");
      System.exit(2);
    }
    // the host of an untrusted program bounds its time: a watchdog ends the run past the deadline
    final int limit = deadline;
    Thread watchdog = new Thread(() -> {
      try {
        Thread.sleep(limit * 1000L);
      } catch (InterruptedException e) {
        return;
      }
      System.err.println("ludii adapter: no answer within " + limit + " s (--deadline)");
      Runtime.getRuntime().halt(3);
    });
    watchdog.setDaemon(true);
    watchdog.start();
    final int fPerft = perft, fPlayout = playout;
    final long fSeed = seed;
    final boolean fBatch = batch;
    try {
      if (fPerft >= 0) {
        Session s = new Session(fixedOptions);
        s.startPosition();
        out.println(Json.write(s.perftReport(fPerft)));
      } else if (fPlayout >= 0) {
        Session s = new Session(fixedOptions);
        s.playout(fPlayout, fSeed, out);
      } else if (fBatch) {
        BufferedReader r = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        java.util.Map<String, Session> sessions = new java.util.HashMap<>();
        String line;
        while ((line = r.readLine()) != null) {
          if (line.isBlank()) continue;
          java.util.Map<String, Object> in = Json.object(Json.parse(line));
          out.println(answer(in, sessions));
          out.flush();
        }
      } else {
        java.util.Map<String, Object> in = Json.object(Json.parse(readAll(System.in)));
        out.println(answer(in, new java.util.HashMap<>()));
      }
    } catch (Throwable t) {
      t.printStackTrace(System.err);
      StackTraceElement[] st = t.getStackTrace();
      System.err.println("ludii adapter: " + t + (st.length > 0 ? " at " + st[0] : ""));
      System.exit(2);
    }
    out.flush();
    System.exit(0);
  }

  static String answer(java.util.Map<String, Object> in, java.util.Map<String, Session> sessions) throws Exception {
    try {
      // the game as the command line asks it (its options), which says which Ludii options the case needs;
      // the same game is played when the case needs none (Ludii compiles a description once a set of options)
      List<String> options = new ArrayList<>(fixedOptions);
      Session probe = sessions.get(String.join("|", options));
      if (probe == null) {
        probe = new Session(fixedOptions);
        sessions.put(String.join("|", options), probe);
      }
      options.addAll(probe.optionsFor(in));
      String key = String.join("|", options);
      Session s = sessions.get(key);
      if (s == null) {
        s = new Session(options);
        sessions.put(key, s);
      }
      return Json.write(s.play(in));
    } catch (Unsupported u) {
      java.util.Map<String, Object> m = new LinkedHashMap<>();
      m.put("unsupported", u.getMessage());
      return Json.write(m);
    }
  }

  static String readAll(InputStream in) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    in.transferTo(b);
    return b.toString(StandardCharsets.UTF_8);
  }

  static String other(String side) {
    return side.equals("even") ? "odd" : "even";
  }

  // ---------------------------------------------------------------------------------------------
  // a game loaded with its options, and the play of one case on it

  static final class Session {
    final String text; // the description (ours), or null (a game of Ludii's, loaded by name)
    final Game game;
    final boolean ours;
    final int files = 8, ranks;
    final String[] playerSide = new String[3];
    final List<String> methods = new ArrayList<>(), victories = new ArrayList<>();
    String prisoners = "turned", ransom = "none";
    Context context;

    Session(List<String> options) throws Exception {
      File f = new File(gameArg);
      if (f.isFile()) {
        text = new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8);
        Report report = new Report();
        Game g;
        try {
          g = (Game) Compiler.compile(new Description(text), new UserSelections(options), report, false);
        } catch (RuntimeException e) {
          throw new IllegalArgumentException(gameArg + ": Ludii does not compile the description: "
              + String.join("; ", report.errors()) + " " + e.getMessage());
        }
        if (g == null || report.isError())
          throw new IllegalArgumentException(gameArg + ": Ludii does not compile the description: "
              + String.join("; ", report.errors()));
        game = g;
      } else if (gameArg.equals("Rithmomachia") || gameArg.equals("Rithmomachia.lud")) {
        // Ludii's own, read from its resources where Ludii keeps it (faster than a search by name)
        text = null;
        String own;
        try (InputStream in = Adapter.class.getResourceAsStream(OWN)) {
          if (in == null) throw new IllegalArgumentException("no " + OWN + " on the class path");
          own = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Report report = new Report();
        game = (Game) Compiler.compile(new Description(own), new UserSelections(options), report, false);
        if (game == null || report.isError())
          throw new IllegalArgumentException(OWN + ": Ludii does not compile it: " + String.join("; ", report.errors()));
      } else {
        text = null;
        game = GameLoader.loadGameFromName(gameArg.endsWith(".lud") ? gameArg : gameArg + ".lud", options);
        if (game == null) throw new IllegalArgumentException("Ludii has no game " + gameArg);
      }
      ours = text != null && text.contains("// rithmocheck:format 1");
      if (!ours && !game.name().equals("Rithmomachia"))
        throw new IllegalArgumentException(gameArg + ": neither a description written by rithmocheck nor "
            + "Ludii's own Rithmomachia");
      ranks = game.board().topology().rows(SiteType.Cell).size();
      playerSide[1] = "even";
      playerSide[2] = "odd";
      if (ours) {
        for (String line : text.split("\n")) {
          if (line.startsWith("// rithmocheck:players ")) {
            for (String w : line.substring(23).trim().split(" ")) {
              String[] kv = w.split("=");
              playerSide[Integer.parseInt(kv[0].substring(1))] = kv[1];
            }
          } else if (line.startsWith("// rithmocheck:methods ")) {
            for (String w : line.substring(23).trim().split(" ")) methods.add(w);
          } else if (line.startsWith("// rithmocheck:victories ")) {
            for (String w : line.substring(25).trim().split(" ")) if (!w.isEmpty()) victories.add(w);
          } else if (line.startsWith("// rithmocheck:prisoners ")) {
            prisoners = line.substring(25).trim();
          } else if (line.startsWith("// rithmocheck:ransom ")) {
            ransom = line.substring(22).trim();
          }
        }
      }
    }

    int player(String side) {
      return playerSide[1].equals(side) ? 1 : 2;
    }

    // --- options ---------------------------------------------------------------------------------

    /** The Ludii options a case asks for: the book's options the description carries, the common victory. */
    List<String> optionsFor(java.util.Map<String, Object> in) throws Unsupported {
      List<String> out = new ArrayList<>();
      java.util.Map<String, Object> opts = Json.objectOr(in.get("options"));
      Object agreement = in.get("agreement");
      if (!ours) { // Ludii's game has one set of rules: the book's options are not passed on
        if (agreement != null)
          throw new Unsupported("Ludii's Rithmomachia has no common victory (its only end is the progression)");
        return out;
      }
      for (java.util.Map.Entry<String, Object> e : opts.entrySet()) {
        String item = e.getValue() instanceof String ? (String) e.getValue() : Json.write(e.getValue());
        if (!text.contains("(option \"" + e.getKey() + "\"") || !hasItem(e.getKey(), item))
          throw new Unsupported("the description carries no Ludii option " + e.getKey() + "=" + item
              + " (its header lists the options it cannot carry)");
        out.add(e.getKey() + "/" + item);
      }
      if (agreement != null) {
        java.util.Map<String, Object> a = Json.object(agreement);
        StringBuilder item = new StringBuilder(Json.str(a.get("name")));
        for (String k : new TreeSet<>(a.keySet())) {
          if (k.equals("name")) continue;
          item.append(' ').append(k).append('=').append(Json.write(a.get(k)));
        }
        if (!hasItem("agreed", item.toString()))
          throw new Unsupported("the description offers no common victory \"" + item + "\" (the option agreed "
              + "holds the book's worked examples; its header lists the victories it cannot express)");
        out.add("agreed/" + item);
      }
      return out;
    }

    boolean hasItem(String option, String item) {
      int at = text.indexOf("(option \"" + option + "\"");
      if (at < 0) return false;
      int end = text.indexOf("\n)", at);
      return text.substring(at, end < 0 ? text.length() : end).contains("(item \"" + item + "\"");
    }

    // --- positions ---------------------------------------------------------------------------------

    int site(String square) {
      int file = square.charAt(0) - 'a';
      int rank = Integer.parseInt(square.substring(1));
      if (file < 0 || file >= files || rank < 1 || rank > ranks)
        throw new IllegalArgumentException("no square " + square + " on a board of " + ranks + " ranks");
      return (rank - 1) * files + file;
    }

    String square(int site) {
      return "" + (char) ('a' + site % files) + (site / files + 1);
    }

    int component(String name) {
      Component[] cs = game.equipment().components();
      for (int i = 1; i < cs.length; i++) if (cs[i] != null && cs[i].name().equals(name)) return i;
      throw new IllegalArgumentException("the description has no piece " + name);
    }

    Map map(String name) {
      for (Map m : game.equipment().maps()) if (m.name().equals(name)) return m;
      return null;
    }

    int mapped(String name, int key) throws Unsupported {
      Map m = map(name);
      if (m == null || !m.map().containsKey(key))
        throw new Unsupported("the description's map " + name + " has no entry " + key);
      return m.to(key);
    }

    /** The layers of a player's king, top to bottom (the map LayerValue). */
    List<Integer> kingLayers(int player) {
      List<Integer> out = new ArrayList<>();
      Map m = map("LayerValue");
      for (int i = 0; m != null && m.map().containsKey(10 * player + i); i++) out.add(m.to(10 * player + i));
      return out;
    }

    void startPosition() {
      context = new Context(game, new Trial(game));
      game.start(context);
    }

    void setPosition(java.util.Map<String, Object> pos) throws Unsupported {
      startPosition();
      if (!ours) {
        LudiiOwn.setPosition(this, pos);
        return;
      }
      for (int s = 0; s < game.board().numSites(); s++) clear(0, s);
      for (int p = 1; p <= 2 && p < context.containers().length; p++) {
        ContainerState h = context.containerState(p);
        int from = context.sitesFrom()[p];
        for (int i = 0; i < context.containers()[p].numSites(); i++) clear(p, from + i);
      }
      for (Object o : Json.array(pos.get("men"))) {
        java.util.Map<String, Object> m = Json.object(o);
        String side = Json.str(m.get("side")), shape = Json.str(m.get("shape"));
        int player = player(side);
        int what = component(pieceName(shape) + player);
        int value = (int) Json.num(m.get("value"));
        int state = 0;
        if (shape.equals("pyramid")) {
          List<Integer> table = kingLayers(player);
          for (Object l : Json.arrayOr(m.get("layers"))) {
            int i = table.indexOf((int) Json.num(l));
            if (i < 0) throw new Unsupported("the " + side + " king of the description has no layer " + l);
            state |= 1 << i;
          }
        } else if (Boolean.TRUE.equals(m.get("turned")) && prisoners.equals("triumph-only")) {
          state = 1; // a prisoner set for a triumph: he neither moves nor takes
        }
        put(0, site(Json.str(m.get("square"))), player, what, 1, state, value);
      }
      java.util.Map<String, Object> hand = prisoners.equals("removed") ? java.util.Map.of()
          : Json.objectOr(pos.get("hand")); // men taken are no more occupied: no hand to enter them from
      for (String side : SIDES) {
        for (Object o : Json.arrayOr(hand.get(side))) {
          java.util.Map<String, Object> m = Json.object(o);
          String shape = Json.str(m.get("shape"));
          if (shape.equals("pyramid")) throw new Unsupported("a king in hand: no prisoner is a whole king");
          int code = java.util.Arrays.asList(SHAPES).indexOf(shape) + 1;
          int slot = mapped("Slot", code * 100000 + (int) Json.num(m.get("value")));
          int player = player(side);
          int hs = context.sitesFrom()[player] + slot;
          int count = context.containerState(player).countCell(hs);
          put(player, hs, player, component(pieceName(shape) + player), count + 1, 0, 0);
        }
      }
      java.util.Map<String, Object> taken = Json.objectOr(pos.get("taken"));
      for (String side : SIDES) {
        int player = player(side);
        for (Object o : Json.arrayOr(taken.get(side))) {
          int value = (int) Json.num(Json.object(o).get("value"));
          if (game.requiresScore()) context.setScore(player, context.score(player) + value);
          remember("Taken" + player, value);
        }
      }
      setMover(player(Json.str(pos.get("to_move"))));
    }

    /** Empties a site of a container (0 the board, p the hand of player p), Ludii's list of the pieces each
     * player owns kept with it. */
    void clear(int container, int site) {
      ContainerState cs = context.containerState(container);
      while (cs.whatCell(site) != 0) {
        int what = cs.whatCell(site), who = cs.whoCell(site);
        context.state().owned().remove(who, what, site, SiteType.Cell);
        cs.remove(context.state(), site, SiteType.Cell);
      }
    }

    void put(int container, int site, int who, int what, int count, int state, int value) {
      ContainerState cs = context.containerState(container);
      boolean was = cs.whatCell(site) != 0;
      cs.setSite(context.state(), site, who, what, count, state, 0, value, SiteType.Cell);
      if (!was) context.state().owned().add(who, what, site, SiteType.Cell);
    }

    void remember(String name, int value) {
      var map = context.state().mapRememberingValues();
      map.computeIfAbsent(name, k -> new main.collections.FastTIntArrayList()).add(value);
    }

    void setMover(int p) {
      context.state().setMover(p);
      context.state().setNext(3 - p);
      context.state().setPrev(3 - p);
    }

    static String pieceName(String shape) {
      return PIECES[java.util.Arrays.asList(SHAPES).indexOf(shape)];
    }

    // --- one case ------------------------------------------------------------------------------------

    java.util.Map<String, Object> play(java.util.Map<String, Object> in) throws Unsupported {
      setPosition(Json.object(in.get("position")));
      java.util.Map<String, Object> result = new LinkedHashMap<>();
      String toMove = Json.str(Json.object(in.get("position")).get("to_move"));
      Object moveJson = in.get("move");
      if (moveJson == null) {
        setMover(player(other(toMove)));
        result.put("legal", true);
        result.put("captures", new ArrayList<>());
        result.put("victories", victories(other(toMove), in));
        return result;
      }
      java.util.Map<String, Object> mv = Json.object(moveJson);
      if (!ours) return LudiiOwn.play(this, mv, in);
      Move move = find(mv);
      if (move == null) {
        result.put("legal", false);
        result.put("captures", new ArrayList<>());
        result.put("victories", new ArrayList<>());
        return result;
      }
      Snapshot before = new Snapshot(this);
      game.apply(context, move);
      result.put("legal", true);
      result.put("captures", captures(before));
      result.put("victories", victories(toMove, in));
      return result;
    }

    /** The legal move of the position that is the protocol's move, or null. */
    Move find(java.util.Map<String, Object> mv) throws Unsupported {
      if (mv.containsKey("ransom")) {
        if (ransom.equals("none")) return null; // the kind has no ransom: no such move
        throw new Unsupported("the ransom of a king's layer: not expressed by this description (see its header)");
      }
      FastArrayList<Move> legal = game.moves(context).moves();
      if (mv.containsKey("enter")) {
        java.util.Map<String, Object> man = Json.object(mv.get("enter"));
        String shape = Json.str(man.get("shape"));
        if (shape.equals("pyramid")) return null;
        if (prisoners.equals("removed")) return null;
        int code = java.util.Arrays.asList(SHAPES).indexOf(shape) + 1;
        int slot;
        try {
          slot = mapped("Slot", code * 100000 + (int) Json.num(man.get("value")));
        } catch (Unsupported u) {
          return null;
        }
        int hs = context.sitesFrom()[context.state().mover()] + slot;
        int to = site(Json.str(mv.get("to")));
        for (Move m : legal) if (m.fromNonDecision() == hs && m.toNonDecision() == to) return m;
        return null;
      }
      int from = site(Json.str(mv.get("from"))), to = site(Json.str(mv.get("to")));
      boolean flying = Boolean.TRUE.equals(mv.get("flying"));
      int dc = to % files - from % files, dr = to / files - from / files;
      boolean straight = dc == 0 || dr == 0 || Math.abs(dc) == Math.abs(dr);
      for (Move m : legal) {
        if (m.fromNonDecision() != from || m.toNonDecision() != to) continue;
        boolean take = context.containerState(0).whatCell(to) != 0;
        if (take && flying) continue;
        if (!take && flying == straight) continue; // a flight is the knight's draught, a march a straight line
        return m;
      }
      return null;
    }

    /** The captures the move made, read from the list Capture the description keeps (see its header). */
    List<Object> captures(Snapshot before) {
      var codes = context.state().mapRememberingValues().get("Capture");
      TreeMap<String, java.util.Map<String, Object>> grouped = new TreeMap<>();
      List<Object> out = new ArrayList<>();
      if (codes == null) return out;
      for (int i = 0; i < codes.size(); i++) {
        int code = codes.get(i);
        int mlayer = code >>> 22, rest = code & ((1 << 22) - 1);
        int method = mlayer >> 3, layer = mlayer & 7;
        int victim = rest >> 15, actor = (rest >> 8) & 127, taker = rest & 255;
        String name = methods.get(method);
        int value;
        if (layer == 0) value = before.value[victim];
        else value = kingLayers(before.who[victim]).get(layer - 1);
        boolean group = name.equals("obsidion") || name.equals("proportion");
        String key = group ? name + "/" + layer + "/" + victim + "/" + actor : name + "/" + layer + "/" + victim
            + "/" + actor + "/" + taker + "/" + i;
        java.util.Map<String, Object> c = grouped.get(key);
        if (c == null) {
          c = new LinkedHashMap<>();
          c.put("method", name);
          c.put("taken", square(victim));
          c.put("takers", new TreeSet<String>());
          c.put("value", (long) value);
          if (layer > 0) c.put("layer", true);
          grouped.put(key, c);
        }
        @SuppressWarnings("unchecked")
        TreeSet<String> takers = (TreeSet<String>) c.get("takers");
        takers.add(square(taker));
        if (!group || name.equals("proportion")) takers.add(square(actor));
      }
      for (java.util.Map<String, Object> c : grouped.values()) {
        c.put("takers", new ArrayList<>((TreeSet<?>) c.get("takers")));
        out.add(c);
      }
      return out;
    }

    /** The victories the side holds now: each clause of the description's end, in its victories line, read
     * with the side as the mover (after a move Ludii has passed the turn: a copy of the state is read). */
    List<Object> victories(String side, java.util.Map<String, Object> in) {
      List<Object> out = new ArrayList<>();
      if (!ours) return LudiiOwn.victories(this, side);
      Context saved = context;
      context = new Context(saved);
      setMover(player(side));
      try {
        return victoriesNow(side, in);
      } finally {
        context = saved;
      }
    }

    List<Object> victoriesNow(String side, java.util.Map<String, Object> in) {
      List<Object> out = new ArrayList<>();
      EndRule[] rules = game.endRules().endRules();
      java.util.Map<String, Object> agreement = Json.objectOr(in.get("agreement"));
      for (int i = 0; i < rules.length && i < victories.size(); i++) {
        if (!(rules[i] instanceof If)) continue;
        if (((If) rules[i]).endCondition().eval(context)) {
          String name = victories.get(i);
          if (name.equals("agreed")) name = String.valueOf(agreement.get("name"));
          java.util.Map<String, Object> v = new LinkedHashMap<>();
          v.put("victory", name);
          v.put("side", side);
          out.add(v);
        }
      }
      return out;
    }

    // --- the position as the protocol writes it ------------------------------------------------------

    java.util.Map<String, Object> positionJson() {
      java.util.Map<String, Object> pos = new LinkedHashMap<>();
      List<Object> men = new ArrayList<>();
      ContainerState board = context.containerState(0);
      if (!ours) return LudiiOwn.positionJson(this);
      for (int s = 0; s < game.board().numSites(); s++) {
        int what = board.whatCell(s);
        if (what == 0) continue;
        String name = game.equipment().components()[what].name();
        int player = board.whoCell(s);
        String shape = SHAPES[java.util.Arrays.asList(PIECES).indexOf(name.substring(0, name.length() - 1))];
        java.util.Map<String, Object> m = new LinkedHashMap<>();
        m.put("square", square(s));
        m.put("side", playerSide[player]);
        m.put("shape", shape);
        m.put("value", (long) board.valueCell(s));
        if (shape.equals("pyramid")) {
          List<Object> layers = new ArrayList<>();
          List<Integer> table = kingLayers(player);
          for (int i = 0; i < table.size(); i++) if ((board.stateCell(s) >> i & 1) == 1) layers.add((long) table.get(i));
          m.put("layers", layers);
        } else if (prisoners.equals("triumph-only") && board.stateCell(s) == 1) {
          m.put("turned", true);
        }
        men.add(m);
      }
      pos.put("men", men);
      pos.put("to_move", playerSide[context.state().mover()]);
      java.util.Map<String, Object> taken = new LinkedHashMap<>(), hand = new LinkedHashMap<>();
      for (int p = 1; p <= 2; p++) {
        List<Object> t = new ArrayList<>();
        var list = context.state().mapRememberingValues().get("Taken" + p);
        for (int i = 0; list != null && i < list.size(); i++) {
          java.util.Map<String, Object> m = new LinkedHashMap<>();
          m.put("value", (long) list.get(i));
          t.add(m);
        }
        taken.put(playerSide[p], t);
        List<Object> h = new ArrayList<>();
        if (p < context.containers().length) {
          ContainerState hs = context.containerState(p);
          int from = context.sitesFrom()[p];
          for (int i = 0; i < context.containers()[p].numSites(); i++) {
            int what = hs.whatCell(from + i);
            if (what == 0) continue;
            String name = game.equipment().components()[what].name();
            String shape = SHAPES[java.util.Arrays.asList(PIECES).indexOf(name.substring(0, name.length() - 1))];
            int value = map("SlotValue").to(i);
            for (int k = 0; k < hs.countCell(from + i); k++) {
              java.util.Map<String, Object> m = new LinkedHashMap<>();
              m.put("shape", shape);
              m.put("value", (long) value);
              h.add(m);
            }
          }
        }
        hand.put(playerSide[p], h);
      }
      pos.put("taken", taken);
      pos.put("hand", hand);
      return pos;
    }

    /** A Ludii move as the protocol writes it. */
    java.util.Map<String, Object> moveJson(Move m) {
      java.util.Map<String, Object> j = new LinkedHashMap<>();
      int from = m.fromNonDecision(), to = m.toNonDecision();
      int n = game.board().numSites();
      if (from >= n) {
        int p = context.state().mover();
        int slot = from - context.sitesFrom()[p];
        int what = context.containerState(p).whatCell(from);
        String name = game.equipment().components()[what].name();
        java.util.Map<String, Object> man = new LinkedHashMap<>();
        man.put("shape", SHAPES[java.util.Arrays.asList(PIECES).indexOf(name.substring(0, name.length() - 1))]);
        man.put("value", (long) map("SlotValue").to(slot));
        j.put("enter", man);
        j.put("to", square(to));
        return j;
      }
      int dc = to % files - from % files, dr = to / files - from / files;
      boolean straight = dc == 0 || dr == 0 || Math.abs(dc) == Math.abs(dr);
      j.put("from", square(from));
      j.put("to", square(to));
      j.put("flying", !straight && context.containerState(0).whatCell(to) == 0);
      return j;
    }

    // --- perft and playouts ---------------------------------------------------------------------------

    long perft(int depth) {
      if (depth == 0) return 1;
      FastArrayList<Move> moves = game.moves(context).moves();
      if (depth == 1) return moves.size();
      long n = 0;
      for (Move m : moves) {
        Context saved = new Context(context);
        game.apply(context, m);
        n += perft(depth - 1);
        context = saved;
      }
      return n;
    }

    java.util.Map<String, Object> perftReport(int depth) {
      java.util.Map<String, Object> r = new LinkedHashMap<>();
      r.put("game", gameArg);
      List<Object> counts = new ArrayList<>();
      for (int d = 1; d <= depth; d++) {
        Context saved = new Context(context);
        counts.add(perft(d));
        context = saved;
      }
      r.put("perft", counts);
      return r;
    }

    void playout(int plies, long seed, PrintStream out) {
      startPosition();
      Random rng = new Random(seed);
      for (int ply = 0; ply < plies; ply++) {
        if (context.trial().over()) { // a game won: the next from the start
          java.util.Map<String, Object> end = new LinkedHashMap<>();
          end.put("ply", (long) ply);
          end.put("over", true);
          out.println(Json.write(end));
          startPosition(); // a new game from the start
        }
        java.util.Map<String, Object> line = new LinkedHashMap<>();
        line.put("ply", (long) ply);
        line.put("position", positionJson());
        FastArrayList<Move> moves = game.moves(context).moves();
        List<Object> legal = new ArrayList<>();
        for (Move m : moves) if (!m.isPass()) legal.add(moveJson(m));
        line.put("legal", legal);
        if (legal.isEmpty()) {
          line.put("move", null);
          out.println(Json.write(line));
          startPosition();
          continue;
        }
        Move chosen;
        do chosen = moves.get(rng.nextInt(moves.size())); while (chosen.isPass());
        line.put("move", moveJson(chosen));
        Snapshot before = new Snapshot(this);
        String side = playerSide[context.state().mover()];
        game.apply(context, chosen);
        line.put("captures", captures(before));
        line.put("victories", victories(side, java.util.Map.of()));
        out.println(Json.write(line));
        out.flush();
      }
    }
  }

  /** What the board held before a move (the numbers and owners of the men taken). */
  static final class Snapshot {
    final int[] value, who;

    Snapshot(Session s) {
      int n = s.game.board().numSites();
      value = new int[n];
      who = new int[n];
      ContainerState b = s.context.containerState(0);
      for (int i = 0; i < n; i++) {
        value[i] = b.valueCell(i);
        who[i] = b.whoCell(i);
      }
    }
  }
}

