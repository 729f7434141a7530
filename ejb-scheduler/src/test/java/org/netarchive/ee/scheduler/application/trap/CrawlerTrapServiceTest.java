package org.netarchive.ee.scheduler.application.trap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.application.domain.StaleEditException;

class CrawlerTrapServiceTest {

  private final InMemoryTrapListRepository repository = new InMemoryTrapListRepository();
  private final CrawlerTrapService service = new CrawlerTrapService(repository);

  @Test
  void givenExpressions_whenCreating_thenAnActiveListWithoutBlanksAndRepetitions() {
    CrawlerTrapListView created =
        service.create(
            " Calendars ",
            "endless calendars",
            List.of(".*/calendar/.*", "", ".*/calendar/.*", ".*[?&]date=.*"));

    assertThat(created.name()).isEqualTo("Calendars");
    assertThat(created.active()).isTrue();
    assertThat(created.expressions()).containsExactly(".*/calendar/.*", ".*[?&]date=.*");
    assertThat(service.activeExpressions()).containsExactly(".*/calendar/.*", ".*[?&]date=.*");
  }

  @Test
  void givenAnInvalidExpression_whenCreating_thenTheExpressionsFieldNamesItAndNothingIsStored() {
    InvalidFieldException e =
        catchThrowableOfType(
            InvalidFieldException.class,
            () -> service.create("Broken", null, List.of(".*ok.*", "(unclosed")));

    assertThat(e.field()).isEqualTo("expressions");
    assertThat(e)
        .hasMessageStartingWith(
            "Crawler trap '(unclosed' of global crawler trap list 'Broken' is not a valid"
                + " regular expression");
    assertThat(repository.findByName("Broken")).isEmpty();
  }

  @Test
  void givenNoExpressionsOrATakenNameOrALongDescription_whenCreating_thenEachNamesItsField() {
    service.create("Calendars", null, List.of(".*calendar.*"));

    assertThat(fieldOf(() -> service.create("Empty", null, List.of(" ")))).isEqualTo("expressions");
    assertThat(fieldOf(() -> service.create("Calendars", null, List.of("x")))).isEqualTo("name");
    assertThat(fieldOf(() -> service.create("\t", null, List.of("x")))).isEqualTo("name");
    assertThat(fieldOf(() -> service.create("Long", "d".repeat(4001), List.of("x"))))
        .isEqualTo("description");
  }

  @Test
  void givenAList_whenRenamedAndChanged_thenFoundByTheNewName() {
    service.create("Calendars", null, List.of(".*calendar.*"));

    CrawlerTrapListView changed =
        service.update("Calendars", 0, "Dates", "date traps", List.of(".*date=.*"));

    assertThat(changed.name()).isEqualTo("Dates");
    assertThat(changed.description()).isEqualTo("date traps");
    assertThat(changed.expressions()).containsExactly(".*date=.*");
    assertThat(repository.findByName("Calendars")).isEmpty();
  }

  @Test
  void givenAStaleVersionOrATakenName_whenUpdating_thenRefusedAndUnchanged() {
    service.create("Calendars", null, List.of(".*calendar.*"));
    service.create("Dates", null, List.of(".*date.*"));

    assertThatExceptionOfType(StaleEditException.class)
        .isThrownBy(() -> service.update("Calendars", 2, null, null, List.of("x")));
    assertThat(fieldOf(() -> service.update("Calendars", 0, "Dates", null, List.of("x"))))
        .isEqualTo("name");
    assertThat(service.get("Calendars").expressions()).containsExactly(".*calendar.*");
  }

  @Test
  void givenAnActiveList_whenDeactivated_thenItsTrapsAreNoLongerGiven() {
    service.create("Calendars", null, List.of(".*calendar.*"));

    assertThat(service.deactivate("Calendars").active()).isFalse();
    assertThat(service.activeExpressions()).isEmpty();
    assertThat(service.activate("Calendars").active()).isTrue();
  }

  private static String fieldOf(Runnable call) {
    return catchThrowableOfType(InvalidFieldException.class, call::run).field();
  }
}
