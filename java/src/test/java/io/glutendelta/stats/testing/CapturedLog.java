package io.glutendelta.stats.testing;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;

/** Captures what one class logs (through Spark's log4j 2) while open: "LEVEL message" lines. */
public final class CapturedLog implements AutoCloseable {
  private final List<String> lines = new CopyOnWriteArrayList<>();
  private final Logger logger;
  private final Level previousLevel;
  private final AbstractAppender appender;

  public CapturedLog(Class<?> source) {
    logger = (Logger) LogManager.getLogger(source);
    previousLevel = logger.getLevel();
    appender = new AbstractAppender("gds-captured-" + System.nanoTime(), null, null, true, Property.EMPTY_ARRAY) {
      @Override
      public void append(LogEvent e) {
        lines.add(e.getLevel() + " " + e.getMessage().getFormattedMessage());
      }
    };
    appender.start();
    logger.addAppender(appender);
    logger.setLevel(Level.INFO);
  }

  /** Captured lines that start with {@code level} and contain {@code text}. */
  public List<String> lines(String level, String text) {
    return lines.stream().filter(l -> l.startsWith(level + " ") && l.contains(text)).toList();
  }

  @Override
  public void close() {
    logger.removeAppender(appender);
    logger.setLevel(previousLevel);
    appender.stop();
  }
}
