package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.message.ComponentKind;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.MessageCodec;
import org.netarchive.ee.common.message.Ping;
import org.netarchive.ee.common.tests.TestMessages.BadName;
import org.netarchive.ee.common.tests.TestMessages.BadVersion;
import org.netarchive.ee.common.tests.TestMessages.DuplicatePing;
import org.netarchive.ee.common.tests.TestMessages.Everything;
import org.netarchive.ee.common.tests.TestMessages.Node;
import org.netarchive.ee.common.tests.TestMessages.NotARecord;
import org.netarchive.ee.common.tests.TestMessages.OptionalPrimitive;
import org.netarchive.ee.common.tests.TestMessages.Reserved;
import org.netarchive.ee.common.tests.TestMessages.Seed;
import org.netarchive.ee.common.tests.TestMessages.Tree;
import org.netarchive.ee.common.tests.TestMessages.Unannotated;
import org.netarchive.ee.common.tests.TestMessages.WithBadNested;
import org.netarchive.ee.common.tests.TestMessages.WithSet;

class MessageCodecSetupAndEncodingErrorTest {

  // Creating a codec

  @Test
  void givenClassThatIsNotARecord_whenCreatingCodec_thenErrorNamesTheClass() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> MessageCodec.of(NotARecord.class))
        .withMessageContaining(NotARecord.class.getName())
        .withMessageContaining("must be a record");
  }

  @Test
  void givenRecordWithoutMessageType_whenCreatingCodec_thenErrorNamesTheMissingAnnotation() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> MessageCodec.of(Unannotated.class))
        .withMessageContaining(Unannotated.class.getName())
        .withMessageContaining("@MessageType");
  }

  @Test
  void givenUnsupportedComponentType_whenCreatingCodec_thenErrorNamesComponentAndType() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> MessageCodec.of(WithSet.class))
        .withMessageContaining("java.util.Set<java.lang.String>")
        .withMessageContaining("component 'names' of record " + WithSet.class.getName());
  }

  @Test
  void givenNestedRecordWithUnsupportedComponent_whenCreatingCodec_thenErrorNamesIt() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> MessageCodec.of(WithBadNested.class))
        .withMessageContaining("java.lang.Object")
        .withMessageContaining(
            "component 'anything' of record " + TestMessages.Holder.class.getName());
  }

  @Test
  void givenOptionalPrimitive_whenCreatingCodec_thenErrorSuggestsTheWrapperType() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> MessageCodec.of(OptionalPrimitive.class))
        .withMessageContaining("component 'count'")
        .withMessageContaining("Integer");
  }

  @Test
  void givenComponentNamedType_whenCreatingCodec_thenErrorSaysTheNameIsReserved() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> MessageCodec.of(Reserved.class))
        .withMessageContaining("'type'")
        .withMessageContaining("reserved");
  }

  @Test
  void givenTwoClassesWithSameTypeAndVersion_whenCreatingCodec_thenErrorNamesBoth() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> MessageCodec.of(Ping.class, DuplicatePing.class))
        .withMessageContaining("Ping v1")
        .withMessageContaining(Ping.class.getName())
        .withMessageContaining(DuplicatePing.class.getName());
  }

  @Test
  void givenSameClassTwice_whenCreatingCodec_thenItIsRegisteredOnce() {
    MessageCodec codec = MessageCodec.of(Ping.class, Ping.class);

    org.assertj.core.api.Assertions.assertThat(codec.messageTypes()).containsExactly(Ping.class);
  }

  @Test
  void givenInvalidTypeName_whenCreatingCodec_thenErrorNamesIt() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> MessageCodec.of(BadName.class))
        .withMessageContaining("'has space'");
  }

  @Test
  void givenVersionBelowOne_whenCreatingCodec_thenErrorNamesIt() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> MessageCodec.of(BadVersion.class))
        .withMessageContaining("version 0")
        .withMessageContaining("BadVersion");
  }

  @Test
  void givenUnannotatedClass_whenAskingForTypeName_thenIllegalArgument() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> MessageCodec.typeName(Unannotated.class))
        .withMessageContaining(Unannotated.class.getName());
    assertThatIllegalArgumentException().isThrownBy(() -> MessageCodec.version(Unannotated.class));
  }

  // Encoding

  @Test
  void givenMessageOfUnregisteredClass_whenEncoding_thenErrorNamesTheClass() {
    Message message = new Unannotated("x");

    assertThatIllegalArgumentException()
        .isThrownBy(() -> MessageCodec.standard().encode(message))
        .withMessageContaining(Unannotated.class.getName())
        .withMessageContaining("not registered");
  }

  @Test
  void givenNullMessage_whenEncoding_thenNullPointerException() {
    assertThatNullPointerException().isThrownBy(() -> MessageCodec.standard().encode(null));
  }

  @Test
  void givenRequiredNestedValueNull_whenEncoding_thenErrorGivesThePath() {
    MessageCodec codec = MessageCodec.of(Tree.class);
    Tree tree = new Tree(new Node("root", List.of(new Node(null, List.of()))));

    assertThatIllegalArgumentException()
        .isThrownBy(() -> codec.encode(tree))
        .withMessage(
            "cannot encode field 'root.children[0].name' of message type Tree v1: the field is"
                + " required but null");
  }

  @Test
  void givenNullListElement_whenEncoding_thenErrorGivesTheIndex() {
    MessageCodec codec = MessageCodec.of(Tree.class);
    Tree tree = new Tree(new Node("root", Arrays.asList(new Node("a", List.of()), null)));

    assertThatIllegalArgumentException()
        .isThrownBy(() -> codec.encode(tree))
        .withMessageContaining("field 'root.children[1]' of message type Tree v1");
  }

  @Test
  void givenNonFiniteDouble_whenEncoding_thenErrorNamesTheField() {
    MessageCodec codec = MessageCodec.of(Everything.class);
    Everything e = MessageCodecRoundTripTest.everything();
    Everything withNaN =
        new Everything(
            e.text(),
            e.count(),
            e.size(),
            e.flag(),
            Double.NaN,
            null,
            null,
            null,
            null,
            Instant.EPOCH,
            Duration.ZERO,
            ComponentKind.SERVER,
            List.of(),
            Map.of(),
            Map.of(),
            new Seed("u", 0, null),
            List.of(),
            null,
            null,
            null);

    assertThatIllegalArgumentException()
        .isThrownBy(() -> codec.encode(withNaN))
        .withMessageContaining("field 'ratio' of message type Everything v1")
        .withMessageContaining("NaN");
  }
}
