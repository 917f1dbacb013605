import { AppError } from '#shared/app-error'

/** A batch named a plant that does not exist; nothing of the batch was changed. */
export class UnknownPlantError extends AppError {
  constructor(readonly id: number) {
    super(`there is no plant with id ${id}; nothing was changed`)
    this.name = 'UnknownPlantError'
  }
}

/**
 * A batch planned against catalogue version `basedOn` met another version (or
 * another change being saved) when it was to be applied; nothing was changed.
 */
export class CatalogueChangedError extends AppError {
  constructor() {
    super('the catalogue changed while the batch was being prepared; nothing was changed', { problemName: 'importCatalogueChanged' })
    this.name = 'CatalogueChangedError'
  }
}
