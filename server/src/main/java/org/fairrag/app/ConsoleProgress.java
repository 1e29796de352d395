package org.fairrag.app;

import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.fairrag.ingest.IngestProgress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Progress bars on the terminal; when output is not a terminal (a log file, CI), a progress line in the
 * log every few seconds instead.
 */
public final class ConsoleProgress implements IngestProgress {

    private static final Logger LOG = LoggerFactory.getLogger("fairrag.progress");

    private final boolean terminal = System.console() != null;
    private ProgressBar bar;

    @Override
    public void step(String name) {
        finish();
    }

    @Override
    public void start(String task, long total, String unit) {
        finish();
        ProgressBarBuilder b = new ProgressBarBuilder().setTaskName(task).setInitialMax(total);
        if ("bytes".equals(unit)) {
            b.setUnit(" MB", 1 << 20).showSpeed();
        } else {
            b.setUnit(" " + unit, 1);
        }
        if (terminal) {
            b.setStyle(ProgressBarStyle.COLORFUL_UNICODE_BLOCK).setUpdateIntervalMillis(200);
        } else {
            b.setStyle(ProgressBarStyle.ASCII).setConsumer(new DelegatingProgressBarConsumer(LOG::info))
                    .setUpdateIntervalMillis(5_000);
        }
        bar = b.build();
    }

    @Override
    public void adjustTotal(long total) {
        if (bar != null) {
            bar.maxHint(total);
        }
    }

    @Override
    public void advanceTo(long done) {
        if (bar != null) {
            bar.stepTo(done);
        }
    }

    @Override
    public void finish() {
        if (bar != null) {
            bar.close();
            bar = null;
        }
    }
}
