package org.netarchive.ee.web.interfaces.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JsonRequestReaderTest {

  record Limits(
      String name, Long maxBytes, Integer maxHops, Boolean honorRobots, List<String> seeds) {}

  private static Object read(String json, java.lang.reflect.Type type) throws Exception {
    return JsonRequestReader.read(
        JsonRequestReader.parse(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8))),
        type,
        "body",
        "");
  }

  private static FieldProblem refused(String json) {
    return catchThrowableOfType(FieldProblem.class, () -> read(json, Limits.class));
  }

  @Test
  void givenEveryKindOfMember_whenRead_thenTheRecord() throws Exception {
    assertThat(
            read(
                "{\"name\":\"kb\",\"maxBytes\":9223372036854775807,\"maxHops\":2.0,"
                    + "\"honorRobots\":false,\"seeds\":[\"https://kb.dk/\"]}",
                Limits.class))
        .isEqualTo(new Limits("kb", Long.MAX_VALUE, 2, false, List.of("https://kb.dk/")));
    assertThat(read("{\"maxHops\":null}", Limits.class))
        .isEqualTo(new Limits(null, null, null, null, null));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{\"maxBytes\":18446744073709551621}| maxBytes| 'maxBytes' must be a whole number from"
            + " -9223372036854775808 to 9223372036854775807, not 18446744073709551621",
        "{\"maxHops\":4294967316}| maxHops| 'maxHops' must be a whole number from -2147483648 to"
            + " 2147483647, not 4294967316",
        "{\"maxHops\":1.5}| maxHops| 'maxHops' must be a whole number, not 1.5 (it has a fraction)",
        "{\"maxHops\":1e999999999}| maxHops| 'maxHops' must be a whole number from -2147483648 to"
            + " 2147483647, not 1E+999999999",
        "{\"maxHops\":\"3\"}| maxHops| 'maxHops' must be a whole number, not \"3\"",
        "{\"name\":7}| name| 'name' must be a text (a JSON string), not 7",
        "{\"honorRobots\":\"no\"}| honorRobots| 'honorRobots' must be true or false, not \"no\"",
        "{\"seeds\":\"https://kb.dk/\"}| seeds| 'seeds' must be a list (a JSON array), not"
            + " \"https://kb.dk/\"",
        "{\"seeds\":[\"a\",{}]}| seeds| 'seeds[1]' must be a text (a JSON string), not {}",
        "{\"name\":\"kb\",\"crawlerTrap\":[],\"x\":1}| crawlerTrap| The request body has members"
            + " this operation does not take: 'crawlerTrap', 'x'; it takes 'name', 'maxBytes',"
            + " 'maxHops', 'honorRobots', 'seeds'",
        "[1]| body| The request body must be a JSON object, not [1]",
      })
  void givenAValueThatDoesNotFit_whenRead_thenRefusedNamingTheMember(
      String json, String field, String message) {
    FieldProblem problem = refused(json);

    assertThat(problem.field()).isEqualTo(field);
    assertThat(problem).hasMessage(message);
  }

  @Test
  void givenMalformedJson_whenRead_thenRefusedWithWhereWithoutTheParsersWords() {
    FieldProblem problem = refused("{\"name\":\"kb\",}");

    assertThat(problem.field()).isEqualTo("body");
    assertThat(problem)
        .hasMessageStartingWith("The request body is not valid JSON (line 1, column");
  }

  @Test
  void givenAMemberTwice_whenRead_thenRefused() {
    assertThat(refused("{\"name\":\"a\",\"name\":\"b\"}").field()).isEqualTo("body");
  }

  @Test
  void givenAnEmptyBody_whenRead_thenNothing() throws Exception {
    assertThat(JsonRequestReader.parse(new ByteArrayInputStream(new byte[0]))).isNull();
  }

  @Test
  void givenAMapOfTexts_whenRead_thenTheMap() throws Exception {
    java.lang.reflect.Type type =
        JsonRequestReaderTest.class.getDeclaredMethod("settings").getGenericReturnType();
    assertThat(read("{\"split.maxDomainSize\":\"5000\",\"split.maxTotalSize\":8000}", type))
        .isEqualTo(Map.of("split.maxDomainSize", "5000", "split.maxTotalSize", "8000"));
  }

  @SuppressWarnings("unused")
  private static Map<String, String> settings() {
    return Map.of();
  }
}
