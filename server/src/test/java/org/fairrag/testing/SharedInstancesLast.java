package org.fairrag.testing;

import java.util.Comparator;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;

/**
 * The suite's class order (set in {@code junit-platform.properties}): the classes that need none of the
 * shared instances first, then those that need the MeSH instance, then those that need the demo, each group
 * in the order it was found. It also starts building the shared instance the run needs at once
 * ({@link TestFairrag#buildInBackground}): the demo takes over a minute to build, which then passes while
 * the classes that do not need it run on the other core. A run of one class that needs nothing builds nothing.
 */
public final class SharedInstancesLast implements ClassOrderer {

    @Override
    public void orderClasses(ClassOrdererContext context) {
        SharedInstanceUsers users = SharedInstanceUsers.read();
        context.getClassDescriptors().sort(Comparator.comparing(d -> users.of(d.getTestClass())));
        context.getClassDescriptors().stream()
                .map(d -> users.of(d.getTestClass()))
                .max(Comparator.naturalOrder())
                .ifPresent(TestFairrag::buildInBackground);
    }
}
