import type { DatabaseConnection, Driver, QueryCompiler, TransactionSettings } from 'kysely';

/**
 * A Kysely driver that hands every call to another: a wrapper overrides only the calls it changes
 * (DurableDriver in sqlite.ts, AfterCommitDriver in after-commit.ts).
 */
export class DelegatingDriver implements Driver {
  protected readonly driver: Driver;

  constructor(driver: Driver) {
    this.driver = driver;
  }

  init(): Promise<void> {
    return this.driver.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return this.driver.acquireConnection();
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.driver.releaseConnection(connection);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.driver.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.driver.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.driver.rollbackTransaction(connection);
  }

  savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.driver.savepoint!(connection, name, compile);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.driver.rollbackToSavepoint!(connection, name, compile);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.driver.releaseSavepoint!(connection, name, compile);
  }

  destroy(): Promise<void> {
    return this.driver.destroy();
  }
}
