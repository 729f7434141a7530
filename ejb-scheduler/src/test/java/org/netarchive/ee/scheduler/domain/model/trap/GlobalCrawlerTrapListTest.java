package org.netarchive.ee.scheduler.domain.model.trap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import org.junit.jupiter.api.Test;

class GlobalCrawlerTrapListTest {

  private static GlobalCrawlerTrapList calendars() {
    return new GlobalCrawlerTrapList(
        "Calendars", "Endless calendars", List.of(".*/calendar/.*", ".*[?&]month=.*"));
  }

  @Test
  void givenExpressions_whenCreated_thenActiveWithTheExpressionsInOrder() {
    GlobalCrawlerTrapList list = calendars();

    assertThat(list.name()).isEqualTo("Calendars");
    assertThat(list.description()).isEqualTo("Endless calendars");
    assertThat(list.isActive()).isTrue();
    assertThat(list.expressions()).containsExactly(".*/calendar/.*", ".*[?&]month=.*");
  }

  @Test
  void givenBlankAndRepeatedExpressions_whenChanged_thenDroppedAndStripped() {
    GlobalCrawlerTrapList list = calendars();

    list.changeExpressions(List.of(" .*sort=.* ", "", ".*sort=.*", ".*print=1.*"));

    assertThat(list.expressions()).containsExactly(".*sort=.*", ".*print=1.*");
  }

  @Test
  void givenAnExpressionThatDoesNotCompile_whenChanged_thenErrorNamesListAndExpression() {
    GlobalCrawlerTrapList list = calendars();

    assertThatIllegalArgumentException()
        .isThrownBy(() -> list.changeExpressions(List.of(".*ok.*", "(unclosed")))
        .withMessageStartingWith(
            "Crawler trap '(unclosed' of global crawler trap list 'Calendars' is not a valid"
                + " regular expression");
    assertThat(list.expressions()).containsExactly(".*/calendar/.*", ".*[?&]month=.*");
  }

  @Test
  void givenNoExpressions_whenCreatedOrChanged_thenRefused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new GlobalCrawlerTrapList("Empty", null, List.of(" ", "")))
        .withMessage(
            "The global crawler trap list 'Empty' needs at least one regular expression;"
                + " deactivate the list to stop using it");
    assertThatIllegalArgumentException().isThrownBy(() -> calendars().changeExpressions(List.of()));
  }

  @Test
  void givenAnExpressionOverTheLongestLength_whenChanged_thenRefused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> calendars().changeExpressions(List.of("x".repeat(1001))))
        .withMessageContaining("longer than 1000 characters");
  }

  @Test
  void givenInvalidNames_whenCreatingOrRenaming_thenErrorNamesTheValue() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new GlobalCrawlerTrapList(" ", null, List.of(".*")))
        .withMessage(
            "Global crawler trap list name ' ' is not valid: use 1 to 128 characters without"
                + " tabs or line breaks");
    GlobalCrawlerTrapList list = calendars();
    assertThatIllegalArgumentException().isThrownBy(() -> list.rename("x".repeat(129)));
    list.rename("  Calendars 2 ");
    assertThat(list.name()).isEqualTo("Calendars 2");
  }

  @Test
  void givenAList_whenDeactivatedAndActivated_thenTheFlagFollows() {
    GlobalCrawlerTrapList list = calendars();

    list.deactivate();
    assertThat(list.isActive()).isFalse();
    list.activate();
    assertThat(list.isActive()).isTrue();
  }

  @Test
  void givenADescription_whenChanged_thenBlankIsNoneAndTooLongIsRefused() {
    GlobalCrawlerTrapList list = calendars();

    list.describe("  ");
    assertThat(list.description()).isNull();
    assertThatIllegalArgumentException()
        .isThrownBy(() -> list.describe("x".repeat(4001)))
        .withMessage(
            "Description of global crawler trap list 'Calendars': 4001 characters; at most 4000"
                + " are allowed");
  }
}
