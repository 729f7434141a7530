import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * Checks, before the server starts, that the database given by NAS_DB_URL, NAS_DB_USER and
 * NAS_DB_PASSWORD can be reached, so that a wrong password or host is one clear line instead of
 * a failed deployment. Run by wildfly-config/bin/netarchive with the server's JDBC driver on the
 * class path.
 */
public class DatabaseCheck {
  public static void main(String[] args) {
    String url = System.getenv("NAS_DB_URL");
    String user = System.getenv("NAS_DB_USER");
    String password = System.getenv("NAS_DB_PASSWORD");
    DriverManager.setLoginTimeout(10);
    try (Connection connection = DriverManager.getConnection(url, user, password)) {
      System.out.println(
          "Database: "
              + connection.getMetaData().getDatabaseProductName()
              + " "
              + connection.getMetaData().getDatabaseProductVersion()
              + " at "
              + url
              + " as "
              + user);
    } catch (SQLException e) {
      String reason = e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse("");
      System.err.println(
          "netarchive: cannot connect to the database "
              + url
              + " as user '"
              + user
              + "': "
              + reason.strip()
              + ". Check NAS_DB_URL, NAS_DB_USER and NAS_DB_PASSWORD (README.md, 'Database').");
      System.exit(1);
    }
  }
}
