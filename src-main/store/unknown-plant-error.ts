/** A batch named a plant that does not exist; nothing of the batch was changed. */
export class UnknownPlantError extends Error {
  constructor(readonly id: number) {
    super(`there is no plant with id ${id}; nothing was changed`)
    this.name = 'UnknownPlantError'
  }
}
