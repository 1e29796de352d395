package org.fairrag.app;

import java.util.concurrent.Callable;
import org.fairrag.store.ApiKeys;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fairrag apikey ...}: API keys, each granting an access level and, or not, the admin API. Only their hashes are stored. */
@Command(name = "apikey", description = "Create, list and revoke API keys (stop the server first).",
        subcommands = {ApiKeyCommand.Create.class, ApiKeyCommand.ListKeys.class, ApiKeyCommand.Revoke.class})
final class ApiKeyCommand {

    @Command(name = "create", description = "Create a key and print it once; it cannot be shown again.")
    static final class Create implements Callable<Integer> {
        @Mixin
        ConfigOptions options;

        @Option(names = "--name", required = true, description = "What or who the key is for.")
        String name;

        @Option(names = "--access", defaultValue = ApiKeys.PUBLIC,
                description = "What content the key may read: public or restricted (default ${DEFAULT-VALUE}).")
        String access;

        @Option(names = "--admin", description = "The key may also use the admin API (tombstoning).")
        boolean admin;

        @Override
        public Integer call() throws Exception {
            try (Fairrag fairrag = Fairrag.open(options.offline(false))) {
                ApiKeys.CreatedKey key = fairrag.apiKeys().create(name, access, admin).await();
                System.out.printf("Created key %s (%s; reads %s content%s). Use it as 'Authorization: Bearer <key>'; it is "
                        + "not stored and cannot be shown again:%n%s%n", key.id(), key.name(), key.grant().accessLevel(),
                        admin ? "; admin" : "", key.token());
            }
            return 0;
        }
    }

    @Command(name = "list", description = "List keys (never their secrets).")
    static final class ListKeys implements Callable<Integer> {
        @Mixin
        ConfigOptions options;

        @Override
        public Integer call() throws Exception {
            try (Fairrag fairrag = Fairrag.open(options.offline(false))) {
                for (ApiKeys.KeyInfo k : fairrag.apiKeys().list().await()) {
                    System.out.printf("%s  %-30s %-10s %-5s created %s%s%n", k.id(), k.name(), k.accessLevel(),
                            k.admin() ? "admin" : "", k.created(),
                            k.revoked() == null ? "" : "  revoked " + k.revoked());
                }
            }
            return 0;
        }
    }

    @Command(name = "revoke", description = "Revoke a key by its id, or by the whole key (of which only the id is used "
            + "and shown).")
    static final class Revoke implements Callable<Integer> {
        @Mixin
        ConfigOptions options;

        @Parameters(index = "0", paramLabel = "ID", description = "The key's id, as listed, or the whole key.")
        String idOrKey;

        @Override
        public Integer call() throws Exception {
            String id = ApiKeys.idOf(idOrKey);
            try (Fairrag fairrag = Fairrag.open(options.offline(false))) {
                boolean revoked = fairrag.apiKeys().revoke(id).await();
                System.out.println(revoked ? "Revoked " + id : "No active key " + id);
                return revoked ? 0 : 1;
            }
        }
    }
}
