/// Board files report problems exactly as config files do: `rpi5.board:12: message`,
/// every problem of a file collected, in line order.
public typealias BoardFileError = ConfigError

/// Every problem found in board files, in file and line order (never empty).
public typealias BoardFileErrors = ConfigErrors
