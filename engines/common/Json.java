// A tiny JSON reader and writer (objects, arrays, strings, integers, true/false/null) for the Java
// adapters of engines/ (phalenopsis, tronicek): compiled beside each Adapter.java by its prepare.sh.
// rithmocheck's own code (MIT), no engine's.
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;



final class Json {
  private final String s;
  private int i;

  private Json(String s) {
    this.s = s;
  }

  static Object parse(String text) {
    Json j = new Json(text);
    Object v = j.value();
    j.ws();
    if (j.i != text.length()) throw j.error("trailing text");
    return v;
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> object(Object o) {
    if (!(o instanceof Map)) throw new IllegalArgumentException("expected a JSON object, got " + o);
    return (Map<String, Object>) o;
  }

  static Map<String, Object> objectOr(Object o) {
    return o == null ? Map.of() : object(o);
  }

  @SuppressWarnings("unchecked")
  static List<Object> array(Object o) {
    if (!(o instanceof List)) throw new IllegalArgumentException("expected a JSON array, got " + o);
    return (List<Object>) o;
  }

  static List<Object> arrayOr(Object o) {
    return o == null ? List.of() : array(o);
  }

  static String str(Object o) {
    if (!(o instanceof String)) throw new IllegalArgumentException("expected a string, got " + o);
    return (String) o;
  }

  static long num(Object o) {
    if (!(o instanceof Long)) throw new IllegalArgumentException("expected an integer, got " + o);
    return (Long) o;
  }

  private RuntimeException error(String what) {
    return new IllegalArgumentException("bad JSON at " + i + ": " + what);
  }

  private void ws() {
    while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
  }

  private Object value() {
    ws();
    if (i >= s.length()) throw error("unexpected end");
    char c = s.charAt(i);
    if (c == '{') {
      i++;
      Map<String, Object> m = new LinkedHashMap<>();
      ws();
      if (s.charAt(i) == '}') {
        i++;
        return m;
      }
      while (true) {
        ws();
        String k = string();
        ws();
        if (s.charAt(i++) != ':') throw error("expected :");
        m.put(k, value());
        ws();
        char d = s.charAt(i++);
        if (d == '}') return m;
        if (d != ',') throw error("expected , or }");
      }
    }
    if (c == '[') {
      i++;
      List<Object> l = new ArrayList<>();
      ws();
      if (s.charAt(i) == ']') {
        i++;
        return l;
      }
      while (true) {
        l.add(value());
        ws();
        char d = s.charAt(i++);
        if (d == ']') return l;
        if (d != ',') throw error("expected , or ]");
      }
    }
    if (c == '"') return string();
    if (s.startsWith("true", i)) {
      i += 4;
      return Boolean.TRUE;
    }
    if (s.startsWith("false", i)) {
      i += 5;
      return Boolean.FALSE;
    }
    if (s.startsWith("null", i)) {
      i += 4;
      return null;
    }
    int start = i;
    while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) i++;
    String n = s.substring(start, i);
    if (n.isEmpty()) throw error("unexpected " + c);
    if (n.matches("-?[0-9]+")) return Long.parseLong(n);
    return Double.parseDouble(n);
  }

  private String string() {
    if (s.charAt(i) != '"') throw error("expected a string");
    i++;
    StringBuilder b = new StringBuilder();
    while (true) {
      char c = s.charAt(i++);
      if (c == '"') return b.toString();
      if (c != '\\') {
        b.append(c);
        continue;
      }
      char e = s.charAt(i++);
      switch (e) {
        case 'n':
          b.append('\n');
          break;
        case 't':
          b.append('\t');
          break;
        case 'r':
          b.append('\r');
          break;
        case 'b':
          b.append('\b');
          break;
        case 'f':
          b.append('\f');
          break;
        case 'u':
          b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
          i += 4;
          break;
        default:
          b.append(e);
      }
    }
  }

  static String write(Object o) {
    StringBuilder b = new StringBuilder();
    write(o, b);
    return b.toString();
  }

  private static void write(Object o, StringBuilder b) {
    if (o == null) b.append("null");
    else if (o instanceof String) {
      b.append('"');
      for (char c : ((String) o).toCharArray()) {
        if (c == '"' || c == '\\') b.append('\\').append(c);
        else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
        else b.append(c);
      }
      b.append('"');
    } else if (o instanceof Map) {
      b.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : ((Map<?, ?>) o).entrySet()) {
        if (!first) b.append(", ");
        first = false;
        write(String.valueOf(e.getKey()), b);
        b.append(": ");
        write(e.getValue(), b);
      }
      b.append('}');
    } else if (o instanceof List) {
      b.append('[');
      boolean first = true;
      for (Object v : (List<?>) o) {
        if (!first) b.append(", ");
        first = false;
        write(v, b);
      }
      b.append(']');
    } else b.append(o); // Boolean, Long, Integer
  }
}
