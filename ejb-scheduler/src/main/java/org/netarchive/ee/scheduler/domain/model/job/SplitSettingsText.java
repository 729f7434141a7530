package org.netarchive.ee.scheduler.domain.model.job;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** The {@code name=value} lines a split keeps of the settings it used. */
final class SplitSettingsText {

  private SplitSettingsText() {}

  static String format(SplitSettings settings) {
    return settings.asMap().entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining("\n"));
  }

  static SplitSettings parse(String text) {
    Map<String, String> map = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      int eq = line.indexOf('=');
      if (eq > 0) {
        map.put(line.substring(0, eq), line.substring(eq + 1));
      }
    }
    return SplitSettings.fromMap(map);
  }
}
