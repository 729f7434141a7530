package org.netarchive.ee.common.tests;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.netarchive.ee.common.message.ComponentKind;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.MessageType;
import org.netarchive.ee.common.message.OptionalField;

/** Message records used only by the tests, covering every supported component type. */
final class TestMessages {

  private TestMessages() {}

  /** A record nested in a message, with its own validation. */
  public record Seed(String url, int depth, @OptionalField String comment) {
    public Seed {
      if (url == null || url.isBlank()) {
        throw new IllegalArgumentException("url must not be blank");
      }
    }
  }

  /** One component of every supported type. */
  @MessageType(name = "Everything", version = 1)
  public record Everything(
      String text,
      int count,
      long size,
      boolean flag,
      double ratio,
      @OptionalField Integer boxedCount,
      @OptionalField Long boxedSize,
      @OptionalField Boolean boxedFlag,
      @OptionalField Double boxedRatio,
      Instant at,
      Duration timeout,
      ComponentKind kind,
      List<String> tags,
      Map<String, String> labels,
      Map<String, Long> counters,
      Seed primarySeed,
      List<Seed> seeds,
      @OptionalField String note,
      @OptionalField Seed extraSeed,
      @OptionalField List<String> extraTags)
      implements Message {
    public Everything {
      tags = List.copyOf(tags);
      labels = Map.copyOf(labels);
      counters = Map.copyOf(counters);
      seeds = List.copyOf(seeds);
      extraTags = extraTags == null ? null : List.copyOf(extraTags);
    }
  }

  /** A recursive structure. */
  public record Node(String name, List<Node> children) {}

  /** A message holding a tree of nodes. */
  @MessageType(name = "Tree", version = 1)
  public record Tree(Node root) implements Message {}

  /** A second version of the Ping type, with an added component. */
  @MessageType(name = "Ping", version = 2)
  public record PingV2(String id, Instant sentAt, String sender, int hops) implements Message {}

  /** A message that is not public, to check that the codec can still construct it. */
  @MessageType(name = "Hidden", version = 1)
  record Hidden(String secret) implements Message {}

  // Invalid message declarations, each rejected when a codec is created.

  /** Not a record. */
  @MessageType(name = "NotARecord", version = 1)
  public static final class NotARecord implements Message {}

  /** Lacks the annotation. */
  public record Unannotated(String id) implements Message {}

  /** Has a component of an unsupported type. */
  @MessageType(name = "WithSet", version = 1)
  public record WithSet(Set<String> names) implements Message {}

  /** Has a nested record with a component of an unsupported type. */
  @MessageType(name = "WithBadNested", version = 1)
  public record WithBadNested(Holder holder) implements Message {}

  /** A nested record with an unsupported component. */
  public record Holder(Object anything) {}

  /** Has an optional primitive, which could never be absent. */
  @MessageType(name = "OptionalPrimitive", version = 1)
  public record OptionalPrimitive(@OptionalField int count) implements Message {}

  /** Has a component named like a member the codec writes. */
  @MessageType(name = "Reserved", version = 1)
  public record Reserved(String type) implements Message {}

  /** Declares the same name and version as {@link org.netarchive.ee.common.message.Ping}. */
  @MessageType(name = "Ping", version = 1)
  public record DuplicatePing(String id) implements Message {}

  /** Has an invalid type name. */
  @MessageType(name = "has space", version = 1)
  public record BadName(String id) implements Message {}

  /** Has an invalid version. */
  @MessageType(name = "BadVersion", version = 0)
  public record BadVersion(String id) implements Message {}
}
