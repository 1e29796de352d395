package org.fairrag.testing;

import static org.assertj.core.api.Assertions.assertThat;

import org.fairrag.testing.SharedInstanceUsers.Need;
import org.junit.jupiter.api.Test;

class SharedInstanceUsersTest {

    private final SharedInstanceUsers users = SharedInstanceUsers.read();

    @Test
    void should_find_a_class_that_calls_the_demo_itself() {
        assertThat(users.of(testClass("org.fairrag.ui.StartupPageTest"))).isEqualTo(Need.DEMO);
    }

    @Test
    void should_find_a_class_that_reaches_the_mesh_instance_through_a_fixture() {
        // TombstoneTest's field is PidFixture.get(), which opens TestFairrag.mesh().
        assertThat(users.of(testClass("org.fairrag.pid.TombstoneTest"))).isEqualTo(Need.MESH);
    }

    @Test
    void should_leave_a_class_that_needs_neither_to_run_first() {
        assertThat(users.of(testClass("org.fairrag.vocab.read.MeshTsvReaderTest"))).isEqualTo(Need.NONE);
        assertThat(users.of(String.class)).isEqualTo(Need.NONE);
    }

    private static Class<?> testClass(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(name + " is gone: name another test class of its kind", e);
        }
    }
}
