/**
 * /set_password/:token: a nonprofit admin's invitation link. The first password, with the
 * rules and messages of Reset Password; then the nonprofit-admin sign-in.
 */
import { AuthCard } from '../components/AuthCard'
import { NewPasswordForm } from '../components/NewPasswordForm'
import { setPassword } from '../api/set-password'
import { paths } from '../../../paths'

export default function SetPasswordScreen() {
  return (
    <AuthCard
      title="Set Password"
      subtitle="Choose the password of your nonprofit admin account, then sign in with your email and this password."
    >
      <NewPasswordForm submit={setPassword} button="Set Password" signInPath={paths.charitySignIn()} />
    </AuthCard>
  )
}
