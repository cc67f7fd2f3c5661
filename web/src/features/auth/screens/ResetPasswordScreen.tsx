import { AuthCard } from '../components/AuthCard'
import { NewPasswordForm } from '../components/NewPasswordForm'
import { resetPassword } from '../api/reset-password'
import { paths } from '../../../paths'

export default function ResetPasswordScreen() {
  return (
    <AuthCard title="Reset Password">
      <NewPasswordForm submit={resetPassword} button="Reset Password" signInPath={paths.signIn()} />
    </AuthCard>
  )
}
