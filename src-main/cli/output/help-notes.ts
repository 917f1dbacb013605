/** Words several helps share, so `plant-store --help` and each command's help never tell a person two stories. */

/**
 * Staff PINs hold people at the till to their role; the command reads the owner's token from the data folder and acts
 * as the owner, PIN or not (docs/security.md, "Who is not staff"). An owner who set up PINs would not expect that.
 */
export const OWNER_WITHOUT_PIN = `With staff set up (Settings > Staff), plant-store still asks for no PIN: it reads the
owner's token from the data folder and acts as the owner, so anyone who can use this
computer's account can change prices and delete plants with it. Keep that account to
yourself (a password of its own), and give other computers a till or a named token.`
