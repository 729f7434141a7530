package org.netarchive.ee.scheduler.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;

class PageRequestTest {

  @Test
  void givenAValidRequest_whenAskingForTheFirstItem_thenPageTimesSize() {
    assertThat(new PageRequest(3, 50).first()).isEqualTo(150);
  }

  @Test
  void givenAnInvalidPageOrSize_whenRequesting_thenTheFieldIsNamed() {
    InvalidFieldException page =
        catchThrowableOfType(InvalidFieldException.class, () -> new PageRequest(-1, 50));
    InvalidFieldException size =
        catchThrowableOfType(InvalidFieldException.class, () -> new PageRequest(0, 5000));
    InvalidFieldException beyond =
        catchThrowableOfType(
            InvalidFieldException.class, () -> new PageRequest(Integer.MAX_VALUE, 1000));

    assertThat(page.field()).isEqualTo("page");
    assertThat(page).hasMessage("page must be 0 or more, not -1");
    assertThat(size.field()).isEqualTo("size");
    assertThat(size).hasMessage("size must be 1 to 1000, not 5000");
    assertThat(beyond.field()).isEqualTo("page");
  }
}
