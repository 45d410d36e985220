// Ludii's own Rithmomachia.lud played through the protocol (our own code; no Ludii code is copied).
import java.util.List;
import java.util.Map;

final class LudiiOwn {
  private LudiiOwn() {}

  static void setPosition(Adapter.Session s, Map<String, Object> pos) throws Adapter.Unsupported {
    throw new Adapter.Unsupported("not yet");
  }

  static Map<String, Object> play(Adapter.Session s, Map<String, Object> mv, Map<String, Object> in)
      throws Adapter.Unsupported {
    throw new Adapter.Unsupported("not yet");
  }

  static List<Object> victories(Adapter.Session s, String side) {
    return List.of();
  }

  static Map<String, Object> positionJson(Adapter.Session s) {
    return Map.of();
  }
}
