package org.fairrag.testing;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Deletes the data directories a test class made with {@link TestFairrag#newDir} once the class is done
 * (after its {@code @AfterAll} methods closed its instances). Registered for every test class through
 * JUnit's extension auto-detection ({@code junit-platform.properties}).
 */
public final class TestDataCleanup implements BeforeAllCallback, AfterAllCallback {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(TestDataCleanup.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getStore(NAMESPACE).put("mark", TestFairrag.dirMark());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        Integer mark = context.getStore(NAMESPACE).get("mark", Integer.class);
        if (mark != null) {
            TestFairrag.deleteDirsSince(mark);
        }
    }
}
