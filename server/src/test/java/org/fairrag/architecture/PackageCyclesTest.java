package org.fairrag.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.freeze.FreezingArchRule;
import org.junit.jupiter.api.Test;

/**
 * The capabilities ({@code org.fairrag.<package>}) depend on each other without cycles. The cycles that
 * existed when this rule was written are recorded in {@code src/test/resources/archunit-store} (the
 * README's "Architecture" section names them) and shrink as they are removed; any new one fails here.
 */
class PackageCyclesTest {

    @Test
    void should_add_no_cycle_between_capabilities() {
        JavaClasses production = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.fairrag");

        FreezingArchRule.freeze(slices().matching("org.fairrag.(*)..").namingSlices("$1").should().beFreeOfCycles())
                .check(production);
    }
}
