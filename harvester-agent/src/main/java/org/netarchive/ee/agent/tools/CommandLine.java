package org.netarchive.ee.agent.tools;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parsed command line: the command, its arguments and the options, with defaults from the
 * environment.
 */
record CommandLine(
    String command,
    List<String> arguments,
    String broker,
    String user,
    String password,
    String environment,
    String replica,
    String filePattern,
    Map<String, String> parameters,
    Duration timeout,
    int retries,
    boolean delete,
    boolean local,
    String badChecksum,
    String credentials) {

  static final List<String> COMMANDS =
      List.of("upload", "get-file", "get-record", "batch", "remove-and-get");

  static final String USAGE =
      """
      Usage: netarchive-archive [options] COMMAND ARGUMENTS

      Commands:
        upload FILE...                  store each file in every replica; with --delete, delete
                                        it after the archive confirmed it (and it is unchanged)
        get-file NAME TARGET            fetch an archived file (from --replica, or any replica)
        get-record NAME OFFSET TARGET   fetch the WARC/ARC record at OFFSET of an archived file
        batch JOB TARGET                run a batch job on --replica (required); JOB is one of
                                        checksum, list, sizes, cdx, crawl-log, metadata-cdx
        remove-and-get NAME TARGET      remove the bad copy of an archived file from --replica
                                        (required) and fetch it: only with the correction
                                        credentials and --bad-checksum, the SHA-512 of that copy;
                                        it is kept in the bitarchive's attic too. Store the good
                                        file again afterwards to upload a good copy

      Options:
        --broker URL          the server's broker (NAS_BROKER_URL, default tcp://127.0.0.1:61616)
        --user NAME           broker account (NAS_ARCHIVE_USER, default agent)
        --password-file FILE  file holding its password (default: NAS_AGENT_PASSWORD)
        --environment ENV     installation name (NAS_ENVIRONMENT, default DEV)
        --replica ID          replica to read from or run on, e.g. ONE
        --files REGEX         batch: only files whose whole name matches REGEX
        --param NAME=VALUE    batch: a job parameter (repeatable), e.g. algorithm=MD5
        --timeout SECONDS     how long to wait for each answer (default 600)
        --retries N           upload: ask again after NOT OK or no answer (default 2)
        --delete              upload: delete each file after OK
        --local               upload: let a bitarchive on this machine read each file from its
                              path (only under the server's NAS_ARCHIVE_LOCAL_READ_DIRS; a file
                              elsewhere is refused); without it files travel over HTTP
        --bad-checksum SHA512 remove-and-get: the SHA-512 the bad copy has
        --credentials-file FILE
                              remove-and-get: file holding the correction credentials
                              (default: NAS_ARCHIVE_CORRECT_CREDENTIALS)
        --help                this text

      Exit codes: 0 done; 1 the archive refused or failed (reason on standard error);
                  2 wrong command line; 3 the archive or a local file could not be reached.
      """;

  /**
   * Parses a command line.
   *
   * @param args the arguments
   * @param env the environment, for defaults
   * @return the parsed command line, or null if help was asked for
   * @throws UsageException naming what is wrong
   */
  static CommandLine parse(String[] args, Map<String, String> env) throws UsageException {
    String broker = env.getOrDefault("NAS_BROKER_URL", "tcp://127.0.0.1:61616");
    String user = env.getOrDefault("NAS_ARCHIVE_USER", "agent");
    String password = env.get("NAS_AGENT_PASSWORD");
    String environment = env.getOrDefault("NAS_ENVIRONMENT", "DEV");
    String replica = null;
    String filePattern = null;
    Map<String, String> parameters = new LinkedHashMap<>();
    Duration timeout = Duration.ofSeconds(600);
    int retries = 2;
    boolean delete = false;
    boolean local = false;
    String badChecksum = null;
    String credentials = env.get("NAS_ARCHIVE_CORRECT_CREDENTIALS");
    List<String> positional = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      switch (arg) {
        case "--help", "-h" -> {
          return null;
        }
        case "--broker" -> broker = value(args, ++i, arg);
        case "--user" -> user = value(args, ++i, arg);
        case "--password-file" -> password = readSecret(value(args, ++i, arg), "password");
        case "--environment" -> environment = value(args, ++i, arg);
        case "--replica" -> replica = value(args, ++i, arg);
        case "--files" -> filePattern = value(args, ++i, arg);
        case "--param" -> {
          String pair = value(args, ++i, arg);
          int eq = pair.indexOf('=');
          if (eq <= 0) {
            throw new UsageException("--param wants NAME=VALUE, got '" + pair + "'");
          }
          parameters.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        case "--timeout" -> timeout = Duration.ofSeconds(positive(value(args, ++i, arg), arg, 1));
        case "--retries" -> retries = (int) positive(value(args, ++i, arg), arg, 0);
        case "--delete" -> delete = true;
        case "--local" -> local = true;
        case "--bad-checksum" -> badChecksum = value(args, ++i, arg);
        case "--credentials-file" -> credentials = readSecret(value(args, ++i, arg), "credentials");
        default -> {
          if (arg.startsWith("--")) {
            throw new UsageException("Unknown option '" + arg + "'");
          }
          positional.add(arg);
        }
      }
    }
    if (positional.isEmpty()) {
      throw new UsageException("No command given; the commands are " + COMMANDS);
    }
    String command = positional.get(0);
    List<String> arguments = List.copyOf(positional.subList(1, positional.size()));
    switch (command) {
      case "upload" -> {
        if (arguments.isEmpty()) {
          throw new UsageException("upload needs at least one FILE");
        }
      }
      case "get-file" -> count(command, arguments, 2, "NAME TARGET");
      case "get-record" -> {
        count(command, arguments, 3, "NAME OFFSET TARGET");
        positive(arguments.get(1), "OFFSET", 0);
      }
      case "batch" -> {
        count(command, arguments, 2, "JOB TARGET");
        if (replica == null) {
          throw new UsageException("batch needs --replica, e.g. --replica ONE");
        }
      }
      case "remove-and-get" -> {
        count(command, arguments, 2, "NAME TARGET");
        if (replica == null) {
          throw new UsageException("remove-and-get needs --replica, e.g. --replica TWO");
        }
        if (badChecksum == null || !badChecksum.matches("[0-9a-fA-F]{128}")) {
          throw new UsageException(
              "remove-and-get needs --bad-checksum with the 128 hex digits of the bad copy's"
                  + " SHA-512, got '"
                  + badChecksum
                  + "'");
        }
        if (credentials == null || credentials.isBlank()) {
          throw new UsageException(
              "remove-and-get needs the correction credentials: set"
                  + " NAS_ARCHIVE_CORRECT_CREDENTIALS or give --credentials-file FILE");
        }
      }
      default ->
          throw new UsageException(
              "Unknown command '" + command + "'; the commands are " + COMMANDS);
    }
    if (password == null || password.isBlank()) {
      throw new UsageException(
          "No broker password: set NAS_AGENT_PASSWORD or give --password-file FILE");
    }
    return new CommandLine(
        command,
        arguments,
        broker,
        user,
        password,
        environment,
        replica,
        filePattern,
        Map.copyOf(parameters),
        timeout,
        retries,
        delete,
        local,
        badChecksum,
        credentials);
  }

  Path path(int argument) {
    return Path.of(arguments.get(argument));
  }

  private static void count(String command, List<String> arguments, int expected, String names)
      throws UsageException {
    if (arguments.size() != expected) {
      throw new UsageException(
          command + " needs " + names + ", got " + arguments.size() + " arguments " + arguments);
    }
  }

  private static String value(String[] args, int index, String option) throws UsageException {
    if (index >= args.length || args[index].startsWith("--")) {
      throw new UsageException("Option " + option + " needs a value");
    }
    return args[index];
  }

  private static long positive(String text, String what, long minimum) throws UsageException {
    try {
      long value = Long.parseLong(text);
      if (value >= minimum) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UsageException(
        what + " must be a whole number of at least " + minimum + ", got '" + text + "'");
  }

  private static String readSecret(String file, String what) throws UsageException {
    try {
      return java.nio.file.Files.readString(Path.of(file)).strip();
    } catch (java.io.IOException e) {
      throw new UsageException(
          "Cannot read the " + what + " file '" + file + "': " + e.getMessage());
    }
  }
}
