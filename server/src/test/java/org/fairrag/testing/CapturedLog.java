package org.fairrag.testing;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.LoggerFactory;

/** Every log event of each test, from every logger (register with {@code @RegisterExtension}). */
public final class CapturedLog implements BeforeEachCallback, AfterEachCallback {

    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();
    private final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);

    @Override
    public void beforeEach(ExtensionContext context) {
        synchronized (appender) {
            appender.list.clear();
        }
        appender.start();
        root.addAppender(appender);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        root.detachAppender(appender);
    }

    /** The events so far (appended on other threads, under the appender's lock, which this copy takes too). */
    public List<ILoggingEvent> events() {
        synchronized (appender) {
            return List.copyOf(appender.list);
        }
    }

    /** The events of this level or worse. */
    public List<ILoggingEvent> atLeast(Level level) {
        return events().stream().filter(e -> e.getLevel().isGreaterOrEqual(level)).toList();
    }

    public boolean anyMessageContains(String text) {
        return events().stream().anyMatch(e -> e.getFormattedMessage().contains(text));
    }
}
