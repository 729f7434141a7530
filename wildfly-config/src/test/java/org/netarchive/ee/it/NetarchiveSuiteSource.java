package org.netarchive.ee.it;

import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Assumptions;

/**
 * The PostgreSQL database the NetarchiveSuite ITs fill in NetarchiveSuite's schemas, from {@value
 * #URL_VARIABLE} (with {@value #USER_VARIABLE} and {@value #PASSWORD_VARIABLE}); .ci/run makes one
 * for its PostgreSQL pass. The ITs are tagged {@value #TAG}, which the default build excludes;
 * without the database a test is aborted, or fails if the system property {@code
 * it.netarchivesuite.required} is true.
 *
 * @param url its JDBC URL
 * @param user its user
 * @param password the user's password
 */
record NetarchiveSuiteSource(String url, String user, String password) {

  static final String TAG = "netarchivesuite-db";
  static final String URL_VARIABLE = "NAS_IT_NETARCHIVESUITE_DB_URL";
  static final String USER_VARIABLE = "NAS_IT_NETARCHIVESUITE_DB_USER";
  static final String PASSWORD_VARIABLE = "NAS_IT_NETARCHIVESUITE_DB_PASSWORD";

  /** The database from the environment; aborts or fails the calling test without one. */
  static NetarchiveSuiteSource fromEnvironment(String test) {
    String url = System.getenv(URL_VARIABLE);
    if (url == null || url.isBlank()) {
      String why =
          URL_VARIABLE
              + " is not set: "
              + test
              + " needs a PostgreSQL database for the NetarchiveSuite fixture (.ci/run makes one)";
      if (Boolean.getBoolean("it.netarchivesuite.required")) {
        fail(why);
      }
      Assumptions.abort(why);
    }
    return new NetarchiveSuiteSource(
        url, System.getenv(USER_VARIABLE), System.getenv(PASSWORD_VARIABLE));
  }

  /** The URL with PostgreSQL's current schema set to {@code schema}. */
  String inSchema(String schema) {
    return url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema;
  }
}
