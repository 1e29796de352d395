package org.fairrag.pid;

import java.util.List;

/** What an HTML error page for a PID shows: a title, an explanation and the PIDs that may have been meant. */
public record ErrorPage(int status, String title, String message, List<String> suggestions, String home) {}
